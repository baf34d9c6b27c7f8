import { VOICE_PRESETS, type VoiceChoice, type VoiceSettingsValue } from '@studio/contracts';
import { RemoteSlot } from '@studio/session';
import { Spinner } from '@studio/ui';

/**
 * The editor's voice and its settings, from mfe-voices at runtime (spec 2 §2). When that remote
 * is down the editor still works with the voice it has and says so.
 */
export function VoicePanel({
  voiceId,
  settings,
  onVoice,
  onSettings,
}: {
  voiceId: string;
  settings: VoiceSettingsValue;
  onVoice: (choice: VoiceChoice) => void;
  onSettings: (value: VoiceSettingsValue) => void;
}) {
  const fallbackName = VOICE_PRESETS.find((v) => v.id === voiceId)?.name ?? voiceId;
  return (
    <section className="ve-panel" aria-labelledby="ve-voice-title">
      <h2 id="ve-voice-title" className="ve-h2">
        Voice
      </h2>
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
    </section>
  );
}
