import { useId, useState } from 'react';
import { VoiceControls } from '../../shared/draft/VoicePanel.tsx';
import type { SectionVoice as SectionVoiceValue } from './model.ts';

const percent = (n: number) => `${Math.round(n * 100)}%`;

/**
 * A section's own voice (spec 2 §2: each section has a voice selector and the stability, similarity
 * and speed sliders): a line saying who speaks and how, and the controls behind "Change voice".
 */
export function SectionVoice({
  sectionName,
  voice,
  onChange,
}: {
  sectionName: string;
  voice: SectionVoiceValue;
  onChange: (voice: SectionVoiceValue) => void;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div className="ve-voice">
      <div className="ve-row">
        <p className="ve-meta ve-voice-line">
          Voice: <strong>{voice.name}</strong> · <span>stability {percent(voice.stability)}</span> ·{' '}
          <span>similarity {percent(voice.similarityBoost)}</span> · <span>speed {voice.speed.toFixed(2)}×</span>
        </p>
        <button
          type="button"
          className="st-btn st-btn-ghost"
          aria-expanded={open}
          aria-controls={panelId}
          aria-label={`Change voice of ${sectionName}`}
          onClick={() => setOpen((o) => !o)}
        >
          Change voice
        </button>
      </div>
      {open ? (
        <div id={panelId} role="group" aria-label={`Voice of ${sectionName}`} className="ve-voice-panel">
          <VoiceControls
            voiceId={voice.voiceId}
            voiceName={voice.name}
            settings={voice}
            onVoice={(choice) => onChange({ ...voice, ...choice.settings, voiceId: choice.voiceId, name: choice.name })}
            onSettings={(settings) => onChange({ ...voice, ...settings })}
          />
        </div>
      ) : null}
    </div>
  );
}
