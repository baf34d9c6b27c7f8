import { IMAGE_UPLOAD_TYPES, imageFileProblem } from '@studio/contracts';
import type { PromptBarDraft } from './use-prompt-draft.ts';

/**
 * The input image slots (spec 2 §2): the image to edit ('Garment image', 'Product image' in the
 * two-image modes) and, there, the second one, 'PLACE or PERSON'. A file of the wrong type or size
 * is refused with its problem.
 */
export function ReferenceImages({ draft, onProblem }: { draft: PromptBarDraft; onProblem: (problem: string | null) => void }) {
  const usable = (file: File | undefined): File | null => {
    onProblem(null);
    if (!file) return null;
    const problem = imageFileProblem(file);
    if (problem) onProblem(problem);
    return problem ? null : file;
  };
  return (
    <>
      <ImageSlot
        label={draft.locked ? (draft.tryOn ? 'Garment image' : 'Product image') : 'Add image'}
        removeLabel="Remove image"
        name={draft.image?.name}
        onFile={(file) => {
          const image = usable(file);
          if (image) draft.takeImage({ file: image, name: image.name });
        }}
        onRemove={draft.removeImage}
      />
      {draft.locked && (
        <ImageSlot
          label="PLACE or PERSON"
          removeLabel="Remove second image"
          name={draft.image2?.name}
          onFile={(file) => draft.setImage2(usable(file))}
          onRemove={() => draft.setImage2(null)}
        />
      )}
    </>
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
