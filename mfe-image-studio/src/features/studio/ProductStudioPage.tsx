import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import {
  IMAGE_ASPECT_RATIO_LABELS,
  IMAGE_ASPECT_RATIOS,
  SCENE_TEMPLATES,
  STUDIO_OPERATIONS,
  type ImageAspectRatio,
  type ProductStudioNavigationState,
  type StudioEditRequest,
  type StudioImage,
  type StudioOperation,
} from '@studio/contracts';
import { errorText } from '@studio/session';
import { Banner, useBanner } from '@studio/ui';
import { measure, PhotoPicker } from '../../shared/picker/PhotoPicker.tsx';
import { useRunStep, useSaveResult, useStudioPrices } from './api.ts';
import { applyStep, currentImage, describeSteps, startHistory, undoStep, type StudioHistory } from './history.ts';

type StepRequest = StudioEditRequest extends infer R ? (R extends StudioEditRequest ? Omit<R, 'imageUrl' | 'requestId'> : never) : never;

const credits = (n: number | undefined) => (n === undefined ? '' : `${n} credit${n === 1 ? '' : 's'}`);

/**
 * `/app/image-editor` (Product Studio): one product photo, edited step by step. Each step shows
 * its price, runs on the server, and can be undone; Save puts the result in the gallery.
 */
export function ProductStudioPage() {
  const arrivalUrl = (useLocation().state as ProductStudioNavigationState | null)?.imageUrl;
  const [history, setHistory] = useState<StudioHistory | null>(null);
  const [opening, setOpening] = useState(Boolean(arrivalUrl));
  // Arriving from the gallery's Edit action: that image is the photo to edit.
  useEffect(() => {
    if (!arrivalUrl) return;
    let live = true;
    measure(arrivalUrl)
      .then((image) => live && setHistory(startHistory(image)))
      .catch(() => undefined)
      .finally(() => live && setOpening(false));
    return () => {
      live = false;
    };
  }, [arrivalUrl]);
  return (
    <section className="is-page" aria-labelledby="is-studio-title">
      <header>
        <h1 id="is-studio-title" className="is-h1">
          Product Studio
        </h1>
        <p className="is-sub">Cut out a product photo, set it in a scene, upscale and reframe it, then save it to your gallery.</p>
      </header>
      {history ? (
        <Editor history={history} onChange={setHistory} onStartOver={() => setHistory(null)} />
      ) : opening ? (
        <p className="is-notice">Opening your image…</p>
      ) : (
        <div className="is-panel">
          <h2 className="is-h2">Choose a product photo</h2>
          <PhotoPicker label="Choose the product photo" onPick={(image) => setHistory(startHistory(image))} />
        </div>
      )}
    </section>
  );
}

interface EditorProps {
  history: StudioHistory;
  onChange: (history: StudioHistory) => void;
  onStartOver: () => void;
}

function Editor({ history, onChange, onStartOver }: EditorProps) {
  const prices = useStudioPrices();
  const price = (op: StudioOperation) => prices.data?.prices[op];
  const step = useRunStep();
  const saving = useSaveResult();
  const busy = step.isPending ? `${STUDIO_OPERATIONS[step.variables.operation].label}…` : saving.isPending ? 'Saving…' : null;
  const { banner, show, clear } = useBanner();
  const [comparing, setComparing] = useState(false);
  const [split, setSplit] = useState(50);
  const [prompt, setPrompt] = useState('');
  const [scene, setScene] = useState<StudioImage | null>(null);
  const [size, setSize] = useState<'small' | 'medium' | 'large'>('medium');
  const [ratio, setRatio] = useState<ImageAspectRatio>('1:1');
  const [fit, setFit] = useState<'crop' | 'extend'>('crop');
  const current = currentImage(history);

  const run = (request: StepRequest, label: string) => {
    clear();
    step.mutate(
      { ...request, imageUrl: current.url, requestId: crypto.randomUUID() },
      {
        onSuccess: (result) => {
          onChange(applyStep(history, { image: result.image, label }));
          show('success', `${label}: done (${credits(result.creditsUsed)}${result.provider === 'local' ? ', studio engine' : ''}).`);
        },
        onError: (error) => show('error', errorText(error, 'That edit failed. Please try again.')),
      },
    );
  };

  const save = () => {
    clear();
    saving.mutate(
      { imageUrl: current.url, description: describeSteps(history) },
      {
        onSuccess: () => show('success', 'Saved to your gallery.'),
        onError: (error) => show('error', errorText(error, 'The image could not be saved. Please try again.')),
      },
    );
  };

  const costLabel = (op: StudioOperation) => <span className="is-cost"> · {credits(price(op))}</span>;
  const disabled = busy !== null;
  return (
    <div className="is-layout">
      <div className="is-panel">
        <div className="is-stage" aria-busy={disabled}>
          {comparing && history.steps.length > 0 ? (
            <div className="is-compare">
              <img src={history.original.url} alt="Before" />
              <img className="is-after" src={current.url} alt="After" style={{ clipPath: `inset(0 0 0 ${split}%)` }} />
            </div>
          ) : (
            <img src={current.url} alt={history.steps.length ? 'Your edited photo' : 'Your photo'} />
          )}
          {busy && (
            <div className="is-busy" role="status">
              {busy}
            </div>
          )}
        </div>
        <p className="is-notice">
          {current.width} × {current.height}
          {history.steps.length > 0 && ` · ${history.steps.length} step${history.steps.length === 1 ? '' : 's'}`}
        </p>
        {comparing && history.steps.length > 0 && (
          <label className="is-field">
            Before / after
            <input type="range" min={0} max={100} value={split} onChange={(e) => setSplit(Number(e.currentTarget.value))} />
          </label>
        )}
        <Banner message={banner} />
        <div className="is-row">
          <button
            type="button"
            className="st-btn st-btn-secondary"
            onClick={() => onChange(undoStep(history))}
            disabled={disabled || history.steps.length === 0}
          >
            Undo
          </button>
          <button
            type="button"
            className="st-btn st-btn-secondary"
            aria-pressed={comparing}
            onClick={() => setComparing((c) => !c)}
            disabled={history.steps.length === 0}
          >
            Compare
          </button>
          <button type="button" className="st-btn st-btn-secondary" onClick={onStartOver} disabled={disabled}>
            Choose another photo
          </button>
          <button type="button" className="st-btn st-btn-primary" onClick={() => save()} disabled={disabled || history.steps.length === 0}>
            Save to gallery
          </button>
        </div>
        {history.steps.length > 0 && (
          <ol className="is-steps" aria-label="Steps">
            {history.steps.map((step, i) => (
              <li key={i}>{step.label}</li>
            ))}
          </ol>
        )}
      </div>

      <div className="is-panel is-tools">
        <fieldset className="is-tool" disabled={disabled}>
          <legend>Background</legend>
          <button
            type="button"
            className="st-btn st-btn-secondary"
            onClick={() => run({ operation: 'remove_background' }, 'Remove background')}
          >
            Remove background{costLabel('remove_background')}
          </button>
          <p className="is-notice">Replace it with a scene{costLabel('replace_background')}:</p>
          <div className="is-templates">
            {SCENE_TEMPLATES.map((t) => (
              <button
                key={t.id}
                type="button"
                className="st-btn st-btn-secondary"
                onClick={() => run({ operation: 'replace_background', templateId: t.id }, t.name)}
              >
                {t.name}
              </button>
            ))}
          </div>
          <label className="is-field">
            Or describe the background
            <input
              className="st-input"
              value={prompt}
              maxLength={1000}
              onChange={(e) => setPrompt(e.currentTarget.value)}
              placeholder="on a sunny beach at golden hour"
            />
          </label>
          <button
            type="button"
            className="st-btn st-btn-secondary"
            disabled={!prompt.trim()}
            onClick={() => run({ operation: 'replace_background', prompt: prompt.trim() }, `Background: ${prompt.trim()}`)}
          >
            Replace background{costLabel('replace_background')}
          </button>
        </fieldset>

        <fieldset className="is-tool" disabled={disabled}>
          <legend>Place in a scene</legend>
          <details>
            <summary>{scene ? 'Scene chosen — change it' : 'Choose a scene photo'}</summary>
            <PhotoPicker label="Choose the scene photo" selectedUrl={scene?.url} onPick={setScene} />
          </details>
          <label className="is-field">
            Product size
            <select className="st-input" value={size} onChange={(e) => setSize(e.currentTarget.value as typeof size)}>
              <option value="small">Small</option>
              <option value="medium">Medium</option>
              <option value="large">Large</option>
            </select>
          </label>
          <button
            type="button"
            className="st-btn st-btn-secondary"
            disabled={!scene}
            onClick={() => scene && run({ operation: 'place', sceneUrl: scene.url, size }, 'Placed in a scene')}
          >
            Place product{costLabel('place')}
          </button>
        </fieldset>

        <fieldset className="is-tool" disabled={disabled}>
          <legend>Size and shape</legend>
          <button type="button" className="st-btn st-btn-secondary" onClick={() => run({ operation: 'upscale' }, 'Upscale 2×')}>
            Upscale 2×{costLabel('upscale')}
          </button>
          <div className="is-row" role="radiogroup" aria-label="Aspect ratio">
            {IMAGE_ASPECT_RATIOS.map((r) => (
              <button
                key={r}
                type="button"
                role="radio"
                aria-checked={ratio === r}
                className={`st-btn ${ratio === r ? 'st-btn-primary' : 'st-btn-secondary'}`}
                onClick={() => setRatio(r)}
              >
                {IMAGE_ASPECT_RATIO_LABELS[r] === r ? r : `${IMAGE_ASPECT_RATIO_LABELS[r]} ${r}`}
              </button>
            ))}
          </div>
          <label className="is-field">
            Fit
            <select className="st-input" value={fit} onChange={(e) => setFit(e.currentTarget.value as typeof fit)}>
              <option value="crop">Crop to the ratio</option>
              <option value="extend">Extend the background</option>
            </select>
          </label>
          <button
            type="button"
            className="st-btn st-btn-secondary"
            onClick={() => run({ operation: 'reframe', aspectRatio: ratio, fit }, `${fit === 'crop' ? 'Crop' : 'Reframe'} to ${ratio}`)}
          >
            Apply {ratio}
            {costLabel('reframe')}
          </button>
        </fieldset>
      </div>
    </div>
  );
}
