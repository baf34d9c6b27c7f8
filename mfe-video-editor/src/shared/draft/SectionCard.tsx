import type { ReactNode } from 'react';
import { ImageDrop } from './ImageDrop.tsx';

/**
 * One section of either editor (spec 2 §2): its name and Remove, the 9:16 image with the editor's
 * other ways to one beside it, the video prompt, and the editor's sound controls.
 */
export function SectionCard({
  name,
  heading,
  imagePreview,
  videoPrompt,
  onImage,
  onVideoPrompt,
  onRemove,
  pickers,
  children,
}: {
  name: string;
  /** The name as shown, when it is more than text (the talking-person editor renames it in place). */
  heading?: ReactNode;
  imagePreview: string | null;
  /** The video prompt, when the section is made by a video model (a product shot has none). */
  videoPrompt?: string;
  onImage: (file: File, preview: string) => void;
  onVideoPrompt: (text: string) => void;
  onRemove: () => void;
  /** Other ways to the section's image: the user's images, products, a description. */
  pickers: ReactNode;
  /** The section's sound: its voice, script and audio. */
  children: ReactNode;
}) {
  return (
    <article className="ve-section" aria-label={name}>
      <header className="ve-section-head">
        {heading ?? <strong>{name}</strong>}
        <button type="button" className="st-btn st-btn-ghost" onClick={onRemove} aria-label={`Remove ${name}`}>
          Remove
        </button>
      </header>
      <div className="ve-section-body">
        <div className="ve-section-media">
          <ImageDrop preview={imagePreview} label={name} onFile={onImage} />
          {pickers}
        </div>
        <div className="ve-section-fields">
          {videoPrompt === undefined ? null : (
            <label className="ve-field">
              <span>Video prompt</span>
              <textarea className="ve-textarea" value={videoPrompt} maxLength={2000} onChange={(e) => onVideoPrompt(e.target.value)} />
            </label>
          )}
          {children}
        </div>
      </div>
    </article>
  );
}
