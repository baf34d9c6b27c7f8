import { useSyncExternalStore } from 'react';
import type { MediaFilter as Filter } from './filter.ts';
import { toggleMediaFilter } from './filter.ts';

/** Where the filter shows: the styles' phone layout (`.ga-filter`, max-width 767px). */
const PHONE_LAYOUT = '(max-width: 767px)';

/** True while the page is laid out for a phone, the only layout that has the Images/Videos filter. */
export function usePhoneLayout(): boolean {
  return useSyncExternalStore(
    (changed) => {
      const query = window.matchMedia(PHONE_LAYOUT);
      query.addEventListener('change', changed);
      return () => query.removeEventListener('change', changed);
    },
    () => window.matchMedia(PHONE_LAYOUT).matches,
  );
}

/** Mobile-only Images/Videos checkboxes on /app/images; unchecking both resets to both (spec 1 §2). */
export function MediaFilter({ value, onChange }: { value: Filter; onChange: (next: Filter) => void }) {
  return (
    <fieldset className="ga-filter">
      <legend className="ga-visually-hidden">Show</legend>
      <label>
        <input type="checkbox" checked={value.images} onChange={() => onChange(toggleMediaFilter(value, 'images'))} /> Images
      </label>
      <label>
        <input type="checkbox" checked={value.videos} onChange={() => onChange(toggleMediaFilter(value, 'videos'))} /> Videos
      </label>
    </fieldset>
  );
}
