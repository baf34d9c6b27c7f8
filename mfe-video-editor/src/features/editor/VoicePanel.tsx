import { useId, useState } from 'react';
import { VOICE_PRESETS, type VoiceChoice, type VoiceSettingsValue } from '@studio/contracts';
import { RemoteSlot } from '@studio/session';
import { Spinner } from '@studio/ui';
import type { SectionVoice as SectionVoiceValue } from './model.ts';

interface VoiceControlsProps {
  voiceId: string;
  /** The voice's name, said while mfe-voices cannot list the voices. */
  voiceName?: string;
  settings: VoiceSettingsValue;
  onVoice: (choice: VoiceChoice) => void;
  onSettings: (value: VoiceSettingsValue) => void;
}

/**
 * A voice and its sliders, from mfe-voices at runtime (spec 2 §2). When that remote is down the
 * editor still works with the voice it has and says so.
 */
function VoiceControls({ voiceId, voiceName, settings, onVoice, onSettings }: VoiceControlsProps) {
  const fallbackName = voiceName ?? VOICE_PRESETS.find((v) => v.id === voiceId)?.name ?? voiceId;
  return (
    <>
      <RemoteSlot
        id="mfe_voices/VoicePicker"
        props={{ value: voiceId, onChange: onVoice }}
        loading={<Spinner label="Loading voices" />}
        unavailable={(retry) => (
          <div role="status" className="ve-notice-box">
            <p>Voices are unavailable right now. The editor keeps using {fallbackName}.</p>
            <button type="button" className="st-btn st-btn-secondary" onClick={retry}>
              Retry
            </button>
          </div>
        )}
      />
      <RemoteSlot id="mfe_voices/VoiceSettings" props={{ value: settings, onChange: onSettings }} unavailable={() => null} />
    </>
  );
}

/** The simple editor's one voice for the whole video, in a panel of its own. */
export function VoicePanel(props: VoiceControlsProps) {
  const titleId = useId();
  return (
    <section className="ve-panel" aria-labelledby={titleId}>
      <h2 id={titleId} className="ve-h2">
        Voice
      </h2>
      <VoiceControls {...props} />
    </section>
  );
}

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
            onVoice={(choice) => onChange({ ...voice, voiceId: choice.voiceId, name: choice.name })}
            onSettings={(settings) => onChange({ ...voice, ...settings })}
          />
        </div>
      ) : null}
    </div>
  );
}
