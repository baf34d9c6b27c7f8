import {
  PRODUCT_SHOT_MOTION_LABELS,
  PRODUCT_SHOT_MOTIONS,
  PRODUCT_SHOT_SECONDS,
  SCENE_TEMPLATES,
  type ProductShotMotion,
  type ProductShotSettings,
} from '@studio/contracts';

const LENGTHS = Array.from({ length: PRODUCT_SHOT_SECONDS.max - PRODUCT_SHOT_SECONDS.min + 1 }, (_, i) => PRODUCT_SHOT_SECONDS.min + i);
const isTemplate = (scene: string) => SCENE_TEMPLATES.some((t) => t.id === scene);

/**
 * A product shot's set (a Product Studio template, or the user's own words), its camera move and
 * its length. The product stands in the set as its own photo shows it, never redrawn.
 */
export function ProductShotFields({
  sectionName,
  shot,
  onChange,
}: {
  sectionName: string;
  shot: ProductShotSettings;
  onChange: (shot: ProductShotSettings) => void;
}) {
  const described = !isTemplate(shot.scene);
  return (
    <div className="ve-shot" role="group" aria-label={`Product shot of ${sectionName}`}>
      <label className="ve-field">
        <span>Set</span>
        <select
          value={described ? 'describe' : shot.scene}
          onChange={(e) => onChange({ ...shot, scene: e.target.value === 'describe' ? '' : e.target.value })}
        >
          {SCENE_TEMPLATES.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
          <option value="describe">Describe a set…</option>
        </select>
      </label>
      {described ? (
        <label className="ve-field">
          <span>The set in your words</span>
          <input
            value={shot.scene}
            maxLength={200}
            placeholder="on a sunny beach towel, summer light"
            onChange={(e) => onChange({ ...shot, scene: e.target.value })}
          />
        </label>
      ) : null}
      <div className="ve-row">
        <label className="ve-inline">
          Camera
          <select value={shot.motion} onChange={(e) => onChange({ ...shot, motion: e.target.value as ProductShotMotion })}>
            {PRODUCT_SHOT_MOTIONS.map((m) => (
              <option key={m} value={m}>
                {PRODUCT_SHOT_MOTION_LABELS[m]}
              </option>
            ))}
          </select>
        </label>
        <label className="ve-inline">
          Length
          <select value={shot.duration} onChange={(e) => onChange({ ...shot, duration: Number(e.target.value) })}>
            {LENGTHS.map((s) => (
              <option key={s} value={s}>
                {s} s
              </option>
            ))}
          </select>
        </label>
      </div>
      <p className="ve-meta">Your product stays as its photo shows it: it is cut out and set in the scene, never redrawn.</p>
    </div>
  );
}
