import { useEffect } from 'react';
import { useSetAtom } from 'jotai';
import { contentBadgeAtom } from '@studio/session';

export const IMAGES_EMPTY_TEXT = 'No generated images yet. Create your first character image above!';

/** `/app/images` (spec 2 §2 "Images gallery"): the user's generated images. Visiting resets the Content badge. */
export function ImagesPage() {
  const resetBadge = useSetAtom(contentBadgeAtom);
  useEffect(() => resetBadge(0), [resetBadge]);
  return (
    <section className="ga-page" aria-labelledby="ga-images-title">
      <header>
        <h1 id="ga-images-title" className="ga-h1">Content</h1>
        <p className="ga-sub">Your generated images.</p>
      </header>
      <p className="ga-empty">{IMAGES_EMPTY_TEXT}</p>
    </section>
  );
}
