import { IMAGE_ASPECT_RATIO_LABELS, IMAGE_ASPECT_RATIOS, IMAGE_COUNT_MAX, IMAGE_COUNT_MIN, type ImageAspectRatio } from '@studio/contracts';
import type { ChoiceChange, Choices } from './prompt-draft.ts';

const COUNTS = Array.from({ length: IMAGE_COUNT_MAX - IMAGE_COUNT_MIN + 1 }, (_, i) => i + IMAGE_COUNT_MIN);

/** Aspect ratio and number of images; the two-image modes take the second image's shape, one image ('Inherits img 2'). */
export function GenerationOptions({
  choices,
  locked,
  onChoose,
}: {
  choices: Choices;
  locked: boolean;
  onChoose: (choices: ChoiceChange) => void;
}) {
  return (
    <>
      <label>
        <span className="ga-visually-hidden">Aspect ratio</span>
        <select
          className="st-input"
          value={locked ? 'inherit' : choices.aspectRatio}
          disabled={locked}
          onChange={(e) => onChoose({ aspectRatio: e.target.value as ImageAspectRatio })}
        >
          {locked && <option value="inherit">Inherits img 2</option>}
          {IMAGE_ASPECT_RATIOS.map((r) => (
            <option key={r} value={r}>
              {IMAGE_ASPECT_RATIO_LABELS[r]}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span className="ga-visually-hidden">Number of images</span>
        <select
          className="st-input"
          value={locked ? 1 : choices.imageCount}
          disabled={locked}
          onChange={(e) => onChoose({ imageCount: Number(e.target.value) })}
        >
          {COUNTS.map((n) => (
            <option key={n} value={n}>
              {n} {n === 1 ? 'image' : 'images'}
            </option>
          ))}
        </select>
      </label>
    </>
  );
}
