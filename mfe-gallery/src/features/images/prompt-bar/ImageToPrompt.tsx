import { useState } from 'react';
import { Messages, IMAGE_UPLOAD_TYPES, imageFileProblem } from '@studio/contracts';
import { errorText } from '@studio/session';
import { Dialog } from '@studio/ui';
import { useDescribeImage } from '../api.ts';

/**
 * The Image → Prompt modal (spec 2 §2): upload, Remove, 'Describe Image' / 'Describing...'; the
 * description is added to the prompt and the modal closes.
 */
export function ImageToPrompt({ onDescribed, onClose }: { onDescribed: (description: string) => void; onClose: () => void }) {
  const describing = useDescribeImage();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const busy = describing.isPending;

  const choose = (next: File | null) => {
    if (preview) URL.revokeObjectURL(preview);
    setError(next ? imageFileProblem(next) : null);
    const usable = next && !imageFileProblem(next) ? next : null;
    setFile(usable);
    setPreview(usable ? URL.createObjectURL(usable) : null);
  };

  const describe = async () => {
    if (!file || busy) return;
    setError(null);
    try {
      const answer = await describing.mutateAsync(file);
      choose(null);
      onDescribed(answer.description);
    } catch (err) {
      setError(errorText(err, Messages.failedToDescribe));
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
