import { useId, useState } from 'react';
import { useAtomValue } from 'jotai';
import { AdDraftMessages, IMAGE_UPLOAD_TYPES, imageFileProblem, thumbnailOf } from '@studio/contracts';
import { errorText, userAtom } from '@studio/session';
import { useCharacters, useUploadTempImage, useUserImages } from '@studio/session/query';

/** A prompt long enough to name an image, not to read out in full. */
const NAME_CHARS = 60;

interface Choice {
  url: string;
  thumbnail: string;
  name: string;
}

/**
 * Make an ad's Presenter: who appears in every talking section of the draft. One of the user's
 * characters (its latest image), one of their images, or a photo uploaded here (kept as their private
 * temporary upload, as the editor keeps a photo from the computer); by default nobody yet, chosen
 * later in the editor. One radio group, so the keyboard moves through the choices with the arrows.
 */
export function PresenterPicker({ value, onChange }: { value: string | null; onChange: (url: string | null) => void }) {
  const group = useId();
  const userId = useAtomValue(userAtom)?.id ?? '';
  const characters = useCharacters(userId);
  const images = useUserImages(userId);
  const upload = useUploadTempImage();
  const [uploaded, setUploaded] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  // A character's latest image is also one of the user's images: it is listed once, under the character's name.
  const choices: Choice[] = [];
  const add = (choice: Choice) => {
    if (!choices.some((c) => c.url === choice.url)) choices.push(choice);
  };
  if (uploaded) add({ url: uploaded, thumbnail: uploaded, name: 'Your upload' });
  for (const c of characters.data?.characters ?? [])
    if (c.latestImageUrl) add({ url: c.latestImageUrl, thumbnail: thumbnailOf(c.latestImageUrl), name: `Character: ${c.name}` });
  images.assets.forEach((asset, i) => {
    const prompt = asset.metadata.prompt.trim();
    const name = `Your image ${i + 1}${prompt ? `: ${prompt.length > NAME_CHARS ? `${prompt.slice(0, NAME_CHARS)}…` : prompt}` : ''}`;
    add({ url: asset.public_url, thumbnail: asset.thumbnail_url ?? thumbnailOf(asset.public_url), name });
  });

  const take = (file: File | undefined) => {
    setProblem(null);
    if (!file) return;
    const refused = imageFileProblem(file);
    if (refused) {
      setProblem(refused);
      return;
    }
    upload.mutate(file, {
      onSuccess: ({ imageUrl }) => {
        setUploaded(imageUrl);
        onChange(imageUrl);
      },
    });
  };
  const loading = characters.isPending || images.isPending;

  return (
    <fieldset className="ga-presenter">
      <legend>{AdDraftMessages.presenter}</legend>
      <label className="ga-check">
        <input type="radio" name={group} checked={value === null} onChange={() => onChange(null)} />
        {AdDraftMessages.presenterLater}
      </label>
      {loading && choices.length === 0 ? (
        <p className="ga-notice">Loading your images…</p>
      ) : choices.length === 0 ? (
        <p className="ga-notice">No images yet: upload a photo of who presents the ad.</p>
      ) : (
        <ul className="ga-pick-grid" aria-label="Your characters and images">
          {choices.map((choice) => (
            <li key={choice.url}>
              <label className="ga-pick" title={choice.name}>
                <input
                  type="radio"
                  name={group}
                  checked={value === choice.url}
                  onChange={() => onChange(choice.url)}
                  aria-label={choice.name}
                />
                <img src={choice.thumbnail} alt="" loading="lazy" />
              </label>
            </li>
          ))}
        </ul>
      )}
      <div className="ga-promptbar-row">
        {images.hasNextPage && (
          <button
            type="button"
            className="st-btn st-btn-secondary"
            disabled={images.isFetchingNextPage}
            onClick={() => void images.fetchNextPage()}
          >
            More images
          </button>
        )}
        <label className="ga-slot">
          <span>{upload.isPending ? 'Uploading…' : AdDraftMessages.presenterUpload}</span>
          <input
            type="file"
            aria-label={AdDraftMessages.presenterUpload}
            accept={IMAGE_UPLOAD_TYPES.join(',')}
            className="ga-visually-hidden"
            disabled={upload.isPending}
            onChange={(e) => {
              take(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </label>
      </div>
      {(problem ?? upload.error) && (
        <p className="ga-error" role="alert">
          {problem ?? errorText(upload.error, 'The photo could not be uploaded. Please try again.')}
        </p>
      )}
    </fieldset>
  );
}
