import type { MediaFilter as Filter } from './filter.ts';
import { toggleMediaFilter } from './filter.ts';

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
