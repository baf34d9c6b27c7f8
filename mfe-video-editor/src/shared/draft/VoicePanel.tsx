import { useId, useState } from 'react';
import { VOICE_PRESETS, type VoiceChoice, type VoiceSettingsValue } from '@studio/contracts';
import { RemoteSlot } from '@studio/session';
import { Spinner } from '@studio/ui';

export interface VoiceControlsProps {
  voiceId: string;
  /** The voice's name, said while mfe-voices cannot list the voices. */
  voiceName?: string;
  settings: VoiceSettingsValue;
  onVoice: (choice: VoiceChoice) => void;
  onSettings: (value: VoiceSettingsValue) => void;
}

/**
 * A voice and its sliders, from mfe-voices at runtime (spec 2 §2): the picker's presets, saved
 * voices and profiles, character voices and library, and its Create New Voice Profile dialog (a new
 * profile becomes the voice). When that remote is down the editor still works with the voice it has
 * and says so.
 */
export function VoiceControls({ voiceId, voiceName, settings, onVoice, onSettings }: VoiceControlsProps) {
  const fallbackName = voiceName ?? VOICE_PRESETS.find((v) => v.id === voiceId)?.name ?? voiceId;
  const [creatingProfile, setCreatingProfile] = useState(false);
  return (
    <>
      <RemoteSlot
        id="mfe_voices/VoicePicker"
        props={{ value: voiceId, onChange: onVoice, onCreateProfile: () => setCreatingProfile(true) }}
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
      {creatingProfile ? (
        <RemoteSlot
          id="mfe_voices/CreateVoiceProfileDialog"
          props={{ open: true, onClose: () => setCreatingProfile(false), onCreated: onVoice }}
          unavailable={() => null}
        />
      ) : null}
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
