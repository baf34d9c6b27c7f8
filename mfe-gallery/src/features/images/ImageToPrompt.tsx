import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ApiRoutes, Messages, type DescribeImageResponse, IMAGE_UPLOAD_TYPES, imageFileProblem } from '@studio/contracts';
import { apiFetch, errorText, offerUpgrade } from '@studio/session';
import { sessionQueryKeys } from '@studio/session/query';
import { Dialog } from '@studio/ui';

/** Describing runs a vision model (a few seconds on the local engine). */
const DESCRIBE_TIMEOUT_MS = 120_000;

/**
 * The Image → Prompt modal (spec 2 §2): upload, Remove, 'Describe Image' / 'Describing...'; the
 * description is added to the prompt and the modal closes.
 */
export function ImageToPrompt({ onDescribed, onClose }: { onDescribed: (description: string) => void; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const choose = (next: File | null) => {
    if (preview) URL.revokeObjectURL(preview);
    setError(next ? imageFileProblem(next) : null);
    const usable = next && !imageFileProblem(next) ? next : null;
    setFile(usable);
    setPreview(usable ? URL.createObjectURL(usable) : null);
  };

  const describe = async () => {
    if (!file || busy) return;
    setBusy(true);
    setError(null);
    const form = new FormData();
    form.set('image', file);
    try {
      const answer = await apiFetch<DescribeImageResponse>(ApiRoutes.describeImage, {
        method: 'POST',
        body: form,
        signal: AbortSignal.timeout(DESCRIBE_TIMEOUT_MS),
      });
      choose(null);
      onDescribed(answer.description);
    } catch (err) {
      void offerUpgrade(err, 'describe this image');
      setError(errorText(err, Messages.failedToDescribe));
    } finally {
      setBusy(false);
      void queryClient.invalidateQueries({ queryKey: sessionQueryKeys.credits });
    }
  };

  return (
    <Dialog title="Image → Prompt" description="Upload an image and get a prompt that describes it." onClose={onClose}>
      <div className="ga-describe">
        {preview ? (
          <img src={preview} alt="To describe" className="ga-describe-preview" />
        ) : (
          <label className="ga-slot">
            <span>Upload image</span>
            <input
              type="file"
              accept={IMAGE_UPLOAD_TYPES.join(',')}
              className="ga-visually-hidden"
              onChange={(e) => choose(e.target.files?.[0] ?? null)}
            />
          </label>
        )}
        <div className="ga-promptbar-row">
          {file && (
            <button type="button" className="st-btn st-btn-secondary" onClick={() => choose(null)} disabled={busy}>
              Remove
            </button>
          )}
          <button type="button" className="st-btn st-btn-primary" onClick={() => void describe()} disabled={!file || busy}>
            {busy ? 'Describing...' : 'Describe Image'}
          </button>
        </div>
        {error && (
          <p className="ga-error" role="alert">
            {error}
          </p>
        )}
      </div>
    </Dialog>
  );
}
