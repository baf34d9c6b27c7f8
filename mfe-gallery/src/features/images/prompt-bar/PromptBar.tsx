import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useSetAtom } from 'jotai';
import { Link } from 'react-router-dom';
import { Messages, AppPaths } from '@studio/contracts';
import { ApiError, contentBadgeAtom, errorText } from '@studio/session';
import { Banner } from '@studio/ui';
import { ProductPicker } from '../../../shared/ProductPicker.tsx';
import { useGenerateImages, useImageModels, useLoraModels } from '../api.ts';
import { BackgroundNotice } from './BackgroundNotice.tsx';
import { CharacterPicker } from './CharacterPicker.tsx';
import { DebugPanel } from './DebugPanel.tsx';
import { GenerationOptions } from './GenerationOptions.tsx';
import { ImageToPrompt } from './ImageToPrompt.tsx';
import { ModelPicker } from './ModelPicker.tsx';
import { generationInput, hasWhatItNeeds, selectsCharacter } from './prompt-draft.ts';
import { ReferenceImages } from './ReferenceImages.tsx';
import { usePromptDraft } from './use-prompt-draft.ts';

const IMAGES_PATH = AppPaths.images;

/** The last run, for the debug panel: what was sent and how it ended. */
interface LastRun {
  request: Record<string, string>;
  outcome: string;
  ms: number;
}

/**
 * The prompt bar (spec 2 §2): image slots (a second, 'PLACE or PERSON', in the two-image modes),
 * prompt, aspect ratio (locked to 'Inherits img 2' there), count, the model/LoRA multi-select with
 * the rules of §4, Image → Prompt, the character picker, Generate or Cmd/Ctrl+Enter, remembered
 * choices, a background notice and a debug panel (Ctrl/Cmd+Shift+D). New images go first in the
 * gallery, the credits widget re-reads at once, and the Content badge counts them elsewhere.
 */
export function PromptBar({ userId }: { userId: string }) {
  const ids = useId();
  const draft = usePromptDraft();
  const setBadge = useSetAtom(contentBadgeAtom);
  const imageModels = useImageModels();
  const ownModels = useLoraModels(userId);
  const [error, setError] = useState<string | null>(null);
  const [describing, setDescribing] = useState(false);
  const [lastRun, setLastRun] = useState<LastRun | null>(null);
  // The run as it started: its answer comes when the bar may show another mode.
  const run = useRef({ started: 0, tryOn: false });
  const { model, locked, tryOn } = draft;

  const generation = useGenerateImages(userId, {
    onSuccess: (answer, { fields }) => {
      setLastRun({
        request: fields,
        outcome: `${answer.images.length} image(s) · ${answer.model} · ${answer.provider} · ${answer.creditsUsed} credit(s)`,
        ms: performance.now() - run.current.started,
      });
      if (!run.current.tryOn) draft.setPrompt('');
      if (window.location.pathname !== IMAGES_PATH) setBadge((n) => n + answer.images.length);
    },
    onError: (err, { fields }) => {
      const message = errorText(err, Messages.failedToGenerateImage);
      setLastRun({
        request: fields,
        outcome: `error: ${err instanceof ApiError ? `${err.status} ${err.code}` : 'unknown'} · ${message}`,
        ms: performance.now() - run.current.started,
      });
      setError(message);
    },
  });
  const busy = generation.isPending;

  const generate = () => {
    if (busy) return;
    setError(null);
    if (!tryOn && !draft.prompt.trim()) {
      setError(Messages.promptRequired);
      return;
    }
    // Cmd/Ctrl+Enter reaches here even while Generate is disabled.
    if (locked && !tryOn && !(draft.image && draft.image2)) {
      setError(Messages.productPlacementNeedsTwoImages);
      return;
    }
    run.current = { started: performance.now(), tryOn };
    generation.mutate(generationInput(draft, userId, crypto.randomUUID()));
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    generate();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
      event.preventDefault();
      generate();
    }
  };

  return (
    <form className="ga-promptbar" onSubmit={onSubmit} aria-label="Prompt bar" aria-busy={busy}>
      <label className="ga-visually-hidden" htmlFor={`${ids}-prompt`}>
        Prompt
      </label>
      <textarea
        id={`${ids}-prompt`}
        ref={draft.promptRef}
        className="st-input ga-prompt-input"
        placeholder={tryOn ? Messages.tryOnPromptPlaceholder : 'Describe the image you want…'}
        value={tryOn ? '' : draft.prompt}
        readOnly={tryOn}
        onChange={(e) => draft.setPrompt(e.target.value)}
        onKeyDown={onKeyDown}
        rows={2}
        maxLength={4000}
      />
      <div className="ga-promptbar-row">
        <ReferenceImages draft={draft} onProblem={setError} />
        <ModelPicker userId={userId} model={model} selection={draft.choices.models} onPick={draft.pickModel} />
        <GenerationOptions choices={draft.choices} locked={locked} onChoose={draft.choose} />
        <button type="button" className="st-btn st-btn-secondary" onClick={() => setDescribing(true)}>
          Image → Prompt
        </button>
        <ProductPicker onPick={({ url, title }) => draft.takeImage({ url, name: title })} />
        <CharacterPicker userId={userId} value={draft.characterId} onChange={draft.setCharacter} />
        <Link className="ga-guide-link" to={AppPaths.guide}>
          Prompt guide
        </Link>
        <button type="submit" className="st-btn st-btn-primary" disabled={busy || !hasWhatItNeeds(draft)}>
          {busy ? 'Generating…' : 'Generate'}
        </button>
      </div>
      <Banner message={draft.notice} />
      {imageModels.data?.engine === 'local' && !draft.image && <p className="ga-notice">{Messages.localEngineScenes}</p>}
      {imageModels.data?.engine === 'local' && selectsCharacter(draft.choices.models, ownModels.data?.models) && (
        <p className="ga-notice">{Messages.localEngineCharacters}</p>
      )}
      <BackgroundNotice running={busy} />
      {error && (
        <p className="ga-error" role="alert">
          {error}
        </p>
      )}
      <DebugPanel
        details={{
          model,
          locked,
          selection: draft.choices.models,
          aspectRatio: draft.choices.aspectRatio,
          image: draft.image?.name ?? null,
          image2: draft.image2?.name ?? null,
          lastRun,
        }}
      />
      {describing && (
        <ImageToPrompt
          onClose={() => setDescribing(false)}
          onDescribed={(description) => {
            draft.addDescription(description);
            setDescribing(false);
          }}
        />
      )}
    </form>
  );
}
