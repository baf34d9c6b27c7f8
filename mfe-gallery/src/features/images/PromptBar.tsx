import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import {
  ApiRoutes,
  DEFAULT_IMAGE_ASPECT_RATIO,
  IMAGE_ASPECT_RATIO_LABELS,
  IMAGE_ASPECT_RATIOS,
  IMAGE_COUNT_MAX,
  IMAGE_COUNT_MIN,
  IMAGE_UPLOAD_MAX_BYTES,
  Messages,
  type GenerateImageResponse,
  type ImageAspectRatio,
} from '@studio/contracts';
import { ApiError, apiFetch, upgradeRequestAtom } from '@studio/session';
import { sessionQueryKeys } from '@studio/session/query';
import { galleryKeys } from '../../lib/query-keys.ts';

/** Generation takes longer than a plain API call: several images, or a cut-out, on the local engine. */
const GENERATION_TIMEOUT_MS = 180_000;
const ACCEPTED = ['image/jpeg', 'image/png', 'image/webp'];
const REMEMBERED = 'studio.promptBar';

interface Choices {
  aspectRatio: ImageAspectRatio;
  imageCount: number;
}
function rememberedChoices(): Choices {
  try {
    const saved = JSON.parse(localStorage.getItem(REMEMBERED) ?? '{}') as Partial<Choices>;
    return {
      aspectRatio: IMAGE_ASPECT_RATIOS.includes(saved.aspectRatio as ImageAspectRatio) ? saved.aspectRatio! : DEFAULT_IMAGE_ASPECT_RATIO,
      imageCount: Math.min(IMAGE_COUNT_MAX, Math.max(IMAGE_COUNT_MIN, Number(saved.imageCount) || IMAGE_COUNT_MIN)),
    };
  } catch {
    return { aspectRatio: DEFAULT_IMAGE_ASPECT_RATIO, imageCount: IMAGE_COUNT_MIN };
  }
}

/** spec 2 §5: the prompt bar's own checks, before anything is sent (the server applies them too). */
export function imageFileProblem(file: File): string | null {
  if (!ACCEPTED.includes(file.type)) return Messages.imageTypeInvalid;
  if (file.size >= IMAGE_UPLOAD_MAX_BYTES) return Messages.imageTooLarge;
  return null;
}

/**
 * The prompt bar (spec 2 §2): prompt, an optional input image (which switches to Edit), aspect
 * ratio and count (remembered), Generate or Cmd/Ctrl+Enter. New images go first in the gallery
 * and the credits widget re-reads at once.
 */
export function PromptBar({ userId }: { userId: string }) {
  const ids = useId();
  const queryClient = useQueryClient();
  const requestUpgrade = useSetAtom(upgradeRequestAtom);
  const [prompt, setPrompt] = useState('');
  const [choices, setChoices] = useState(rememberedChoices);
  const [image, setImage] = useState<File | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const choose = (next: Partial<Choices>) => {
    const merged = { ...choices, ...next };
    setChoices(merged);
    localStorage.setItem(REMEMBERED, JSON.stringify(merged));
  };

  const generate = async () => {
    if (busy) return;
    setError(null);
    if (!prompt.trim()) {
      setError(Messages.promptRequired);
      return;
    }
    const form = new FormData();
    form.set('prompt', prompt.trim());
    form.set('aspectRatio', choices.aspectRatio);
    form.set('imageCount', String(choices.imageCount));
    form.set('userId', userId);
    form.set('requestId', crypto.randomUUID());
    if (image) form.set('image', image);
    setBusy(true);
    try {
      await apiFetch<GenerateImageResponse>(ApiRoutes.generateImage, {
        method: 'POST',
        body: form,
        signal: AbortSignal.timeout(GENERATION_TIMEOUT_MS),
      });
      setPrompt('');
      await queryClient.invalidateQueries({ queryKey: galleryKeys.assets(userId, 'image') });
    } catch (err) {
      if (err instanceof ApiError && err.status === 402) requestUpgrade({ creditsNeeded: choices.imageCount, action: 'generate images' });
      setError(err instanceof ApiError && err.message ? err.message : Messages.failedToGenerateImage);
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
  const onImage = (file: File | undefined) => {
    setError(null);
    if (!file) return;
    const problem = imageFileProblem(file);
    if (problem) {
      setError(problem);
      return;
    }
    setImage(file);
    setNotice(Messages.switchedToEdit);
  };

  return (
    <form className="ga-promptbar" onSubmit={onSubmit} aria-label="Prompt bar" aria-busy={busy}>
      <label className="ga-visually-hidden" htmlFor={`${ids}-prompt`}>
        Prompt
      </label>
      <textarea
        id={`${ids}-prompt`}
        className="st-input ga-prompt-input"
        placeholder="Describe the image you want…"
        value={prompt}
        onChange={(e) => setPrompt(e.target.value)}
        onKeyDown={onKeyDown}
        rows={2}
        maxLength={4000}
      />
      <div className="ga-promptbar-row">
        <label className="ga-slot">
          <span>{image ? image.name : 'Add image'}</span>
          <input type="file" accept={ACCEPTED.join(',')} className="ga-visually-hidden" onChange={(e) => onImage(e.target.files?.[0])} />
        </label>
        {image && (
          <button
            type="button"
            className="st-btn st-btn-secondary"
            onClick={() => {
              setImage(null);
              setNotice(null);
            }}
          >
            Remove image
          </button>
        )}
        <label>
          <span className="ga-visually-hidden">Aspect ratio</span>
          <select
            className="st-input"
            value={choices.aspectRatio}
            onChange={(e) => choose({ aspectRatio: e.target.value as ImageAspectRatio })}
          >
            {IMAGE_ASPECT_RATIOS.map((r) => (
              <option key={r} value={r}>
                {IMAGE_ASPECT_RATIO_LABELS[r]}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span className="ga-visually-hidden">Number of images</span>
          <select className="st-input" value={choices.imageCount} onChange={(e) => choose({ imageCount: Number(e.target.value) })}>
            {Array.from({ length: IMAGE_COUNT_MAX - IMAGE_COUNT_MIN + 1 }, (_, i) => i + IMAGE_COUNT_MIN).map((n) => (
              <option key={n} value={n}>
                {n} {n === 1 ? 'image' : 'images'}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="st-btn st-btn-primary" disabled={busy || !prompt.trim()}>
          {busy ? 'Generating…' : 'Generate'}
        </button>
      </div>
      {notice && <p className="ga-notice">{notice}</p>}
      {error && (
        <p className="ga-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
