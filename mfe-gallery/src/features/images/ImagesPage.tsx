import { useEffect, useState } from 'react';
import { useSetAtom } from 'jotai';
import { Messages } from '@studio/contracts';
import { contentBadgeAtom } from '@studio/session';
import { ALL_MEDIA } from './filter.ts';
import { MediaFilter } from './MediaFilter.tsx';

/** `/app/images` (spec 2 §2 "Images gallery"): the user's generated images. Visiting resets the Content badge. */
export function ImagesPage() {
  const resetBadge = useSetAtom(contentBadgeAtom);
  useEffect(() => resetBadge(0), [resetBadge]);
  const [filter, setFilter] = useState(ALL_MEDIA);
  return (
    <section className="ga-page" aria-labelledby="ga-images-title">
      <header>
        <h1 id="ga-images-title" className="ga-h1">
          Content
        </h1>
        <p className="ga-sub">Your generated images.</p>
      </header>
      <MediaFilter value={filter} onChange={setFilter} />
      <p className="ga-empty">{Messages.galleryEmpty}</p>
    </section>
  );
}
