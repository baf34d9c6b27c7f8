import { useId, useState, type DragEvent } from 'react';
import { IMAGE_UPLOAD_TYPES, imageFileProblem } from '@studio/contracts';
import { useClearAfter } from './use-clear-after.ts';

/** A 9:16 image drop/upload area (spec 2 §2): JPG, PNG or WebP under 10 MB, with its preview. */
export function ImageDrop({
  preview,
  label,
  onFile,
}: {
  preview: string | null;
  label: string;
  onFile: (file: File, preview: string) => void;
}) {
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  useClearAfter(problem, () => setProblem(null));
  const [over, setOver] = useState(false);
  const take = (file: File | undefined) => {
    if (!file) return;
    const refused = imageFileProblem(file);
    setProblem(refused);
    if (!refused) onFile(file, URL.createObjectURL(file));
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    take(event.dataTransfer.files[0]);
  };
  return (
    <div className="ve-drop-wrap">
      <label
        htmlFor={id}
        className="ve-drop"
        data-over={over}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
      >
        {preview ? (
          <img src={preview} alt={`Start of ${label}`} className="ve-drop-img" />
        ) : (
          <span>Drop an image here or click to upload (JPG, PNG, WebP)</span>
        )}
      </label>
      <input
        id={id}
        type="file"
        accept={IMAGE_UPLOAD_TYPES.join(',')}
        className="ve-visually-hidden"
        aria-label={`Upload an image for ${label}`}
        onChange={(e) => {
          take(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      {problem ? (
        <p className="ve-error" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
