import { useState, type ChangeEvent } from 'react';
import { useAtomValue } from 'jotai';
import { IMAGE_UPLOAD_TYPES, imageFileProblem, thumbnailOf, type StudioImage } from '@studio/contracts';
import { errorText, userAtom } from '@studio/session';
import { useProducts, useUserImages } from '@studio/session/query';
import { useUploadTempImage } from '@studio/session/query';

/** A photo's size, read by the browser (product photos and uploads do not carry it). */
export async function measure(url: string): Promise<StudioImage> {
  const img = new Image();
  img.src = url;
  await img.decode();
  return { url, width: img.naturalWidth, height: img.naturalHeight };
}

interface PhotoPickerProps {
  /** Names the picker for assistive technology: "Choose the product photo". */
  label: string;
  onPick: (image: StudioImage) => void;
  selectedUrl?: string;
}

/** A photo from the computer, the user's images, or their products' photos. */
export function PhotoPicker({ label, onPick, selectedUrl }: PhotoPickerProps) {
  const userId = useAtomValue(userAtom)?.id ?? '';
  const [problem, setProblem] = useState<string | null>(null);
  const uploadPhoto = useUploadTempImage();
  const uploading = uploadPhoto.isPending;
  const shown = problem ?? (uploadPhoto.error ? errorText(uploadPhoto.error, 'The upload failed. Please try again.') : null);
  // The first page of the user's images (newest first), under the key the gallery refreshes.
  const images = useUserImages(userId);
  const products = useProducts();

  const pick = (url: string) => {
    setProblem(null);
    uploadPhoto.reset();
    measure(url).then(onPick, () => setProblem('That photo could not be opened.'));
  };
  const upload = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    const refused = imageFileProblem(file);
    if (refused) return setProblem(refused);
    setProblem(null);
    uploadPhoto.mutate(file, { onSuccess: (answer) => pick(answer.imageUrl) });
  };

  const tiles = [
    ...images.assets.map((a) => ({ url: a.public_url, thumb: a.thumbnail_url ?? a.public_url, alt: a.metadata.prompt })),
    ...(products.data?.items ?? []).flatMap((p) =>
      p.images.map((url, i) => ({ url, thumb: thumbnailOf(url), alt: `${p.title}, view ${i + 1}` })),
    ),
  ];
  return (
    <div className="is-tool" role="group" aria-label={label}>
      <label className="st-btn st-btn-secondary">
        {uploading ? 'Uploading…' : 'Upload a photo'}
        <input type="file" accept={IMAGE_UPLOAD_TYPES.join(',')} onChange={upload} hidden disabled={uploading} />
      </label>
      {shown && (
        <p className="is-error" role="alert">
          {shown}
        </p>
      )}
      {images.isPending || products.isPending ? (
        <p className="is-notice">Loading your photos…</p>
      ) : tiles.length === 0 ? (
        <p className="is-notice">No images or products yet: upload a photo.</p>
      ) : (
        <ul className="is-grid">
          {tiles.map((tile) => (
            <li key={tile.url}>
              <button type="button" aria-pressed={tile.url === selectedUrl} onClick={() => pick(tile.url)}>
                <img src={tile.thumb} alt={tile.alt || 'Your image'} loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
