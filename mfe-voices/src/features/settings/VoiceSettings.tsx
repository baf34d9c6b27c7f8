import { useId } from 'react';
import { VOICE_SETTING_RANGES, type VoiceSettingsProps, type VoiceSettingsValue } from '@studio/contracts';

const SLIDERS: {
  key: keyof VoiceSettingsValue;
  label: string;
  range: { min: number; max: number; step: number };
  format: (n: number) => string;
}[] = [
  { key: 'stability', label: 'Stability', range: VOICE_SETTING_RANGES.stability, format: (n) => `${Math.round(n * 100)}%` },
  { key: 'similarityBoost', label: 'Similarity', range: VOICE_SETTING_RANGES.similarityBoost, format: (n) => `${Math.round(n * 100)}%` },
  { key: 'speed', label: 'Speed', range: VOICE_SETTING_RANGES.speed, format: (n) => `${n.toFixed(2)}×` },
];

/** The three voice sliders of spec 2 §2 (stability, similarity, speed) with the ranges and steps of §9. */
export function VoiceSettings({ value, onChange, disabled }: VoiceSettingsProps) {
  const ids = useId();
  return (
    <div className="vo-sliders">
      {SLIDERS.map(({ key, label, range, format }) => (
        <label key={key} className="vo-slider" htmlFor={`${ids}-${key}`}>
          <span>
            {label} <output htmlFor={`${ids}-${key}`}>{format(value[key])}</output>
          </span>
          <input
            id={`${ids}-${key}`}
            type="range"
            min={range.min}
            max={range.max}
            step={range.step}
            value={value[key]}
            disabled={disabled}
            onChange={(e) => onChange({ ...value, [key]: Number(e.target.value) })}
          />
        </label>
      ))}
    </div>
  );
}
