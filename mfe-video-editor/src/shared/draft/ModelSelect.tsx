import { VIDEO_MODEL_IDS, VIDEO_MODELS, type VideoModelId } from '@studio/contracts';

/** The video model choice (spec 2 §3 video settings: seedance or veo3). */
export function ModelSelect({ value, onChange }: { value: VideoModelId; onChange: (model: VideoModelId) => void }) {
  return (
    <label className="ve-field">
      <span>Model</span>
      <select value={value} onChange={(e) => onChange(e.target.value as VideoModelId)}>
        {VIDEO_MODEL_IDS.map((id) => (
          <option key={id} value={id}>
            {VIDEO_MODELS[id].label}
          </option>
        ))}
      </select>
    </label>
  );
}
