import { useState } from 'react';
import { DEFAULT_VOICE_ID, type UserAsset, type VoiceChoice } from '@studio/contracts';
import { RemoteSlot } from '@studio/session';
import { Dialog, Spinner } from '@studio/ui';

/**
 * "Create Video With Sound" (spec 2 §2): the image goes to the simple video editor with a voice
 * chosen here, in mfe-voices' VoicePicker (loaded from that remote at runtime).
 */
export function CreateVideoDialog({
  asset,
  onClose,
  onContinue,
}: {
  asset: UserAsset;
  onClose: () => void;
  onContinue: (voice: VoiceChoice | null) => void;
}) {
  const [voice, setVoice] = useState<VoiceChoice | null>(null);
  return (
    <Dialog
      title="Create a video with sound"
      description="Choose the voice that will speak your script. You can change it in the editor."
      onClose={onClose}
      wide
    >
      <div className="ga-viewer-info">
        <img
          src={asset.thumbnail_url ?? asset.public_url}
          alt={asset.metadata.prompt || 'Starting image'}
          className="ga-describe-preview"
        />
        <RemoteSlot
          id="mfe_voices/VoicePicker"
          props={{ value: voice?.voiceId ?? DEFAULT_VOICE_ID, onChange: setVoice }}
          loading={<Spinner label="Loading voices" />}
          unavailable={(retry) => (
            <div role="status" className="ga-notice">
              <p>Voices are unavailable right now. You can choose one in the editor.</p>
              <button type="button" className="st-btn st-btn-secondary" onClick={retry}>
                Retry
              </button>
            </div>
          )}
        />
        <div className="ga-promptbar-row">
          <button type="button" className="st-btn st-btn-primary" onClick={() => onContinue(voice)}>
            Continue to the video editor
          </button>
          <button type="button" className="st-btn st-btn-secondary" onClick={onClose}>
            Cancel
          </button>
        </div>
      </div>
    </Dialog>
  );
}
