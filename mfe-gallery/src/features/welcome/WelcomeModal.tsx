import { useEffect, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useNavigate } from 'react-router-dom';
import {
  Messages,
  TASK_CREDITS,
  WELCOME_BACKGROUND_IMAGES,
  WELCOME_EDIT_IMAGES,
  type GeneratedImage,
  type WelcomeModalProps,
  IMAGE_UPLOAD_TYPES,
  imageFileProblem,
  AppPaths,
} from '@studio/contracts';
import { contentBadgeAtom, userAtom, errorText } from '@studio/session';
import { Dialog } from '@studio/ui';
import { useWelcomeGeneration } from './api.ts';

const TOTAL = WELCOME_EDIT_IMAGES + WELCOME_BACKGROUND_IMAGES;

/** The two runs of the welcome flow (spec 1 §4): three edits of the product, one new background. */
const RUNS = [
  { mode: 'edit', imageCount: WELCOME_EDIT_IMAGES, prompt: 'Clean studio product photo, soft daylight, bright and crisp' },
  {
    mode: 'replace_background',
    imageCount: WELCOME_BACKGROUND_IMAGES,
    prompt: 'on a warm marble countertop with soft morning light',
  },
] as const;

/**
 * The welcome modal (spec 1 §4): the user uploads a product photo; Generate places it on the
 * welcome canvas and makes three edits and one replaced background, saved to Content.
 */
export function WelcomeModal({ onClose }: WelcomeModalProps) {
  const user = useAtomValue(userAtom);
  const navigate = useNavigate();
  const setBadge = useSetAtom(contentBadgeAtom);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [step, setStep] = useState<number | null>(null);
  const [results, setResults] = useState<GeneratedImage[]>([]);
  const welcome = useWelcomeGeneration();
  const error = problem ?? (welcome.error ? errorText(welcome.error, Messages.failedToGenerateImages) : null);
  const setError = (message: string | null) => {
    welcome.reset();
    setProblem(message);
  };
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const choose = (next: File | undefined) => {
    setError(null);
    if (!next) return;
    const problem = imageFileProblem(next);
    if (problem) {
      setError(problem);
      return;
    }
    setFile(next);
    setPreview(URL.createObjectURL(next));
  };

  const generate = () => {
    setError(null);
    if (!user) return setError(Messages.welcomeSignedOut);
    if (!file) return setError(Messages.welcomeNeedsImage);
    const made: GeneratedImage[] = [];
    welcome.mutate(
      {
        userId: user.id,
        file,
        runs: RUNS,
        onRun: setStep,
        onImages: (images) => {
          made.push(...images);
          setResults([...made]);
        },
      },
      {
        onSettled: () => {
          setStep(null);
          if (made.length > 0 && window.location.pathname !== AppPaths.images) setBadge((n) => n + made.length);
        },
      },
    );
  };

  const busy = welcome.isPending;
  const done = results.length === TOTAL;
  return (
    <Dialog
      title="Welcome to Studio"
      description="Upload a photo of your product and we will make your first four images: three studio edits and one new scene."
      onClose={onClose}
      wide
    >
      <div className="ga-welcome">
        {preview ? (
          <img src={preview} alt="Your product" className="ga-describe-preview" />
        ) : (
          <label className="ga-slot ga-welcome-slot">
            <span>Upload a product image</span>
            <input
              type="file"
              accept={IMAGE_UPLOAD_TYPES.join(',')}
              className="ga-visually-hidden"
              onChange={(e) => choose(e.target.files?.[0])}
            />
          </label>
        )}
        {results.length > 0 && (
          <ul className="ga-welcome-results" aria-label="Your first images">
            {results.map((image) => (
              <li key={image.assetId}>
                <img src={image.thumbnailUrl ?? image.url} alt="Generated from your product" width={image.width} height={image.height} />
              </li>
            ))}
          </ul>
        )}
        {busy && (
          <p role="status" className="ga-notice">
            Making your images… step {step} of {RUNS.length}
          </p>
        )}
        {error && (
          <p className="ga-error" role="alert">
            {error}
          </p>
        )}
        <div className="ga-promptbar-row">
          {done ? (
            <button
              type="button"
              className="st-btn st-btn-primary"
              onClick={() => {
                onClose();
                void navigate(AppPaths.images);
              }}
            >
              See them in Content
            </button>
          ) : (
            <>
              {file && !busy && (
                <button
                  type="button"
                  className="st-btn st-btn-secondary"
                  onClick={() => {
                    setFile(null);
                    setPreview(null);
                  }}
                >
                  Remove
                </button>
              )}
              <button type="button" className="st-btn st-btn-primary" onClick={generate} disabled={busy}>
                {busy ? 'Generating…' : `Generate (${TOTAL * TASK_CREDITS.image} credits)`}
              </button>
              <button type="button" className="st-btn st-btn-secondary" onClick={onClose}>
                Skip for now
              </button>
            </>
          )}
        </div>
      </div>
    </Dialog>
  );
}
