import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtom, useSetAtom } from 'jotai';
import { Link } from 'react-router-dom';
import {
  ApiRoutes,
  DEFAULT_IMAGE_ASPECT_RATIO,
  IMAGE_ASPECT_RATIO_LABELS,
  IMAGE_ASPECT_RATIOS,
  IMAGE_COUNT_MAX,
  IMAGE_COUNT_MIN,
  Messages,
  PREBUILT_IMAGE_MODELS,
  type CharactersResponse,
  type GenerateImageResponse,
  type ImageAspectRatio,
  type ModelListResponse,
  type UserLoraModelsResponse,
  IMAGE_UPLOAD_TYPES,
  imageFileProblem,
} from '@studio/contracts';
import { ApiError, apiFetch, contentBadgeAtom, errorText, offerUpgrade } from '@studio/session';
import { sessionQueryKeys } from '@studio/session/query';
import { Banner, useBanner } from '@studio/ui';
import { galleryKeys } from '../../lib/query-keys.ts';
import { promptDraftAtom } from './draft.ts';
import { ProductPicker } from '../products/ProductPicker.tsx';
import { ImageToPrompt } from './ImageToPrompt.tsx';
import { effectiveModel, isLockedMode, isPrebuilt, nextModelSelection, selectionForImage, withModel } from './models.ts';

/** Generation takes longer than a plain API call: several images, or a cut-out, on the local engine. */
const GENERATION_TIMEOUT_MS = 180_000;
const REMEMBERED = 'studio.promptBar';
const IMAGES_PATH = '/app/images';

interface Choices {
  aspectRatio: ImageAspectRatio;
  imageCount: number;
  models: string[];
}
function rememberedChoices(): Choices {
  try {
    const saved = JSON.parse(localStorage.getItem(REMEMBERED) ?? '{}') as Partial<Choices>;
    return {
      aspectRatio: IMAGE_ASPECT_RATIOS.includes(saved.aspectRatio as ImageAspectRatio) ? saved.aspectRatio! : DEFAULT_IMAGE_ASPECT_RATIO,
      imageCount: Math.min(IMAGE_COUNT_MAX, Math.max(IMAGE_COUNT_MIN, Number(saved.imageCount) || IMAGE_COUNT_MIN)),
      models: Array.isArray(saved.models) ? saved.models.filter((m): m is string => typeof m === 'string').slice(0, 10) : [],
    };
  } catch {
    return { aspectRatio: DEFAULT_IMAGE_ASPECT_RATIO, imageCount: IMAGE_COUNT_MIN, models: [] };
  }
}

/** An input image: a file from this device, or one of the user's own assets by URL. */
type InputImage = { file: File; url?: undefined; name: string } | { file?: undefined; url: string; name: string };

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
  const queryClient = useQueryClient();
  const setBadge = useSetAtom(contentBadgeAtom);
  const [draft, setDraft] = useAtom(promptDraftAtom);
  const [prompt, setPrompt] = useState('');
  const [choices, setChoices] = useState(rememberedChoices);
  const [image, setImage] = useState<InputImage | null>(null);
  const [image2, setImage2] = useState<File | null>(null);
  const [characterId, setCharacterId] = useState<string | null>(null);
  const notice = useBanner();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [describing, setDescribing] = useState(false);
  const [debug, setDebug] = useState(false);
  const [lastRun, setLastRun] = useState<LastRun | null>(null);
  const [hiddenDuringRun, setHiddenDuringRun] = useState(false);
  const promptRef = useRef<HTMLTextAreaElement>(null);

  const imageModels = useQuery({
    queryKey: galleryKeys.imageModels(),
    queryFn: ({ signal }) => apiFetch<ModelListResponse>(ApiRoutes.imageModels, { signal }),
  });
  const loras = useQuery({
    queryKey: galleryKeys.loraModels(userId),
    queryFn: ({ signal }) => apiFetch<UserLoraModelsResponse>(`${ApiRoutes.userLoraModels}/${userId}`, { signal }),
  });
  const characters = useQuery({
    queryKey: galleryKeys.characters(userId),
    queryFn: ({ signal }) => apiFetch<CharactersResponse>(`${ApiRoutes.characters}/${userId}`, { signal }),
  });

  const model = effectiveModel(choices.models, Boolean(image));
  const locked = isLockedMode(model);
  const tryOn = model === 'kling_kolors_virtual_tryon';
  const ready = !busy && (tryOn ? Boolean(image && image2) : Boolean(prompt.trim()));

  const choose = (next: Partial<Choices>) => {
    setChoices((current) => {
      const merged = { ...current, ...next };
      localStorage.setItem(REMEMBERED, JSON.stringify(merged));
      return merged;
    });
  };
  const takeImage = (next: InputImage) => {
    setImage(next);
    const forced = selectionForImage(choices.models);
    if (forced) {
      choose({ models: forced });
      notice.show('info', Messages.switchedToEdit);
    }
  };

  // What the media viewer and the cards hand over: a prompt, an image to edit, a model.
  useEffect(() => {
    if (!draft) return;
    if (draft.prompt !== undefined) setPrompt(draft.prompt);
    if (draft.imageUrl) takeImage({ url: draft.imageUrl, name: 'Image from your gallery' });
    if (draft.model) choose({ models: withModel(choices.models, draft.model) });
    setDraft(null);
    promptRef.current?.focus();
    // Only a new draft is applied; the rest is read as it is then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [draft]);

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if ((event.metaKey || event.ctrlKey) && event.shiftKey && event.key.toLowerCase() === 'd') {
        event.preventDefault();
        setDebug((open) => !open);
      }
    };
    const onVisibility = () => document.hidden && busy && setHiddenDuringRun(true);
    document.addEventListener('keydown', onKey);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [busy]);

  const generate = async () => {
    if (busy) return;
    setError(null);
    if (!tryOn && !prompt.trim()) {
      setError(Messages.promptRequired);
      return;
    }
    const request: Record<string, string> = {
      prompt: tryOn ? '' : prompt.trim(),
      aspectRatio: choices.aspectRatio,
      imageCount: String(choices.imageCount),
      selectedLoRAModels: JSON.stringify([model, ...choices.models.filter((id) => !isPrebuilt(id))]),
      userId,
      requestId: crypto.randomUUID(),
    };
    if (image?.url) request.imageUrl = image.url;
    if (characterId) request.sourceCharacterId = characterId;
    const form = new FormData();
    for (const [key, value] of Object.entries(request)) form.set(key, value);
    if (image?.file) form.set('image', image.file);
    if (locked && image2) form.set('image2', image2);
    setBusy(true);
    setHiddenDuringRun(document.hidden);
    const started = performance.now();
    try {
      const answer = await apiFetch<GenerateImageResponse>(ApiRoutes.generateImage, {
        method: 'POST',
        body: form,
        signal: AbortSignal.timeout(GENERATION_TIMEOUT_MS),
      });
      setLastRun({
        request,
        outcome: `${answer.images.length} image(s) · ${answer.model} · ${answer.provider} · ${answer.creditsUsed} credit(s)`,
        ms: performance.now() - started,
      });
      if (!tryOn) setPrompt('');
      if (window.location.pathname !== IMAGES_PATH) setBadge((n) => n + answer.images.length);
      await queryClient.invalidateQueries({ queryKey: galleryKeys.assets(userId, 'image') });
    } catch (err) {
      const message = errorText(err, Messages.failedToGenerateImage);
      setLastRun({
        request,
        outcome: `error: ${err instanceof ApiError ? `${err.status} ${err.code}` : 'unknown'} · ${message}`,
        ms: performance.now() - started,
      });
      void offerUpgrade(err, 'generate images');
      setError(message);
    } finally {
      setBusy(false);
      void queryClient.invalidateQueries({ queryKey: sessionQueryKeys.credits });
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void generate();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
      event.preventDefault();
      void generate();
    }
  };
  const fileOrError = (file: File | undefined): File | null => {
    setError(null);
    if (!file) return null;
    const problem = imageFileProblem(file);
    if (problem) setError(problem);
    return problem ? null : file;
  };
  // Pre-built models and styles (global, community), then the user's own ready models (spec 2 §4).
  const modelNames = [
    ...(imageModels.data?.models ?? PREBUILT_IMAGE_MODELS),
    ...(loras.data?.models ?? []).filter((m) => m.status === 'ready'),
  ]
    .filter((m, i, all) => all.findIndex((o) => o.id === m.id) === i)
    .map((m) => ({ id: m.id, name: m.name }));
  const selectedNames = modelNames.filter((m) => m.id === model || (!isPrebuilt(m.id) && choices.models.includes(m.id))).map((m) => m.name);

  return (
    <form className="ga-promptbar" onSubmit={onSubmit} aria-label="Prompt bar" aria-busy={busy}>
      <label className="ga-visually-hidden" htmlFor={`${ids}-prompt`}>
        Prompt
      </label>
      <textarea
        id={`${ids}-prompt`}
        ref={promptRef}
        className="st-input ga-prompt-input"
        placeholder={tryOn ? Messages.tryOnPromptPlaceholder : 'Describe the image you want…'}
        value={tryOn ? '' : prompt}
        readOnly={tryOn}
        onChange={(e) => setPrompt(e.target.value)}
        onKeyDown={onKeyDown}
        rows={2}
        maxLength={4000}
      />
      <div className="ga-promptbar-row">
        <ImageSlot
          label={locked ? (tryOn ? 'Garment image' : 'Product image') : 'Add image'}
          removeLabel="Remove image"
          name={image?.name}
          onFile={(file) => {
            const usable = fileOrError(file);
            if (usable) takeImage({ file: usable, name: usable.name });
          }}
          onRemove={() => {
            setImage(null);
            notice.clear();
          }}
        />
        {locked && (
          <ImageSlot
            label="PLACE or PERSON"
            removeLabel="Remove second image"
            name={image2?.name}
            onFile={(file) => setImage2(fileOrError(file))}
            onRemove={() => setImage2(null)}
          />
        )}
        <details className="ga-menu">
          <summary className="st-btn st-btn-secondary">Models: {selectedNames.join(', ')}</summary>
          <fieldset className="ga-menu-panel">
            <legend>Models</legend>
            {modelNames.map((m) => (
              <label key={m.id} className="ga-check">
                <input
                  type="checkbox"
                  checked={m.id === model || (!isPrebuilt(m.id) && choices.models.includes(m.id))}
                  onChange={() => choose({ models: nextModelSelection(choices.models, m.id) })}
                />
                {m.name}
              </label>
            ))}
          </fieldset>
        </details>
        <label>
          <span className="ga-visually-hidden">Aspect ratio</span>
          <select
            className="st-input"
            value={locked ? 'inherit' : choices.aspectRatio}
            disabled={locked}
            onChange={(e) => choose({ aspectRatio: e.target.value as ImageAspectRatio })}
          >
            {locked && <option value="inherit">Inherits img 2</option>}
            {IMAGE_ASPECT_RATIOS.map((r) => (
              <option key={r} value={r}>
                {IMAGE_ASPECT_RATIO_LABELS[r]}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span className="ga-visually-hidden">Number of images</span>
          <select
            className="st-input"
            value={locked ? 1 : choices.imageCount}
            disabled={locked}
            onChange={(e) => choose({ imageCount: Number(e.target.value) })}
          >
            {Array.from({ length: IMAGE_COUNT_MAX - IMAGE_COUNT_MIN + 1 }, (_, i) => i + IMAGE_COUNT_MIN).map((n) => (
              <option key={n} value={n}>
                {n} {n === 1 ? 'image' : 'images'}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="st-btn st-btn-secondary" onClick={() => setDescribing(true)}>
          Image → Prompt
        </button>
        <ProductPicker onPick={({ url, title }) => takeImage({ url, name: title })} />
        <details className="ga-menu">
          <summary className="st-btn st-btn-secondary">
            Character{characterId ? `: ${characters.data?.characters.find((c) => c.id === characterId)?.name ?? ''}` : ''}
          </summary>
          <div className="ga-menu-panel">
            <p>Choose a character:</p>
            {characters.isPending ? (
              <p>Loading...</p>
            ) : (characters.data?.characters ?? []).length === 0 ? (
              <p>No characters created yet</p>
            ) : (
              characters.data?.characters.map((c) => (
                <label key={c.id} className="ga-check">
                  <input type="radio" name={`${ids}-character`} checked={characterId === c.id} onChange={() => setCharacterId(c.id)} />
                  {c.name}
                </label>
              ))
            )}
            {characterId && (
              <button type="button" className="st-btn st-btn-secondary" onClick={() => setCharacterId(null)}>
                No character
              </button>
            )}
            <a href="/app/characters">Create new character</a>
          </div>
        </details>
        <Link className="ga-guide-link" to="/app/guide">
          Prompt guide
        </Link>
        <button type="submit" className="st-btn st-btn-primary" disabled={!ready}>
          {busy ? 'Generating…' : 'Generate'}
        </button>
      </div>
      <Banner message={notice.banner} />
      {imageModels.data?.engine === 'local' && !image && <p className="ga-notice">{Messages.localEngineScenes}</p>}
      {hiddenDuringRun && !busy && (
        <p className="ga-notice" role="status">
          Your images finished while this tab was in the background.
        </p>
      )}
      {error && (
        <p className="ga-error" role="alert">
          {error}
        </p>
      )}
      {debug && (
        <section className="ga-debug" aria-label="Debug panel">
          <strong>Debug</strong>
          <pre>
            {JSON.stringify(
              {
                model,
                locked,
                selection: choices.models,
                aspectRatio: choices.aspectRatio,
                image: image?.name ?? null,
                image2: image2?.name ?? null,
                lastRun,
              },
              null,
              2,
            )}
          </pre>
        </section>
      )}
      {describing && (
        <ImageToPrompt
          onClose={() => setDescribing(false)}
          onDescribed={(description) => {
            setPrompt((current) => (current.trim() ? `${current.trim()} ${description}` : description));
            notice.show('success', Messages.imageDescribed);
            setDescribing(false);
          }}
        />
      )}
    </form>
  );
}

function ImageSlot({
  label,
  removeLabel,
  name,
  onFile,
  onRemove,
}: {
  label: string;
  removeLabel: string;
  name?: string;
  onFile: (file: File | undefined) => void;
  onRemove: () => void;
}) {
  return (
    <>
      <label className="ga-slot">
        <span>{name ?? label}</span>
        <input
          type="file"
          aria-label={label}
          accept={IMAGE_UPLOAD_TYPES.join(',')}
          className="ga-visually-hidden"
          onChange={(e) => {
            onFile(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
      </label>
      {name && (
        <button type="button" className="st-btn st-btn-secondary" onClick={onRemove}>
          {removeLabel}
        </button>
      )}
    </>
  );
}
