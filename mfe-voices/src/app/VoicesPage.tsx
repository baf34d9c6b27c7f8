import { useId, useState } from 'react';
import { useAtomValue } from 'jotai';
import {
  DEFAULT_VOICE_ID,
  Messages,
  SIMPLE_EDITOR_VOICE_SETTINGS,
  TASK_CREDITS,
  type GenerateAudioResponse,
  type SavedVoice,
  type VoiceChoice,
  type VoiceProfile,
  type VoiceSettingsValue,
} from '@studio/contracts';
import { offerUpgrade, userAtom, errorText } from '@studio/session';
import { Banner, ConfirmDialog, NameDialog, useBanner } from '@studio/ui';
import { VoicePicker } from '../features/picker/VoicePicker.tsx';
import { AudioPlayer } from '../shared/player/AudioPlayer.tsx';
import { useDeleteVoiceProfile, useRenameVoiceProfile, useVoiceProfiles } from '../shared/profiles/api.ts';
import { CreateVoiceProfileDialog } from '../features/profiles/CreateVoiceProfileDialog.tsx';
import { VoiceSettings } from '../features/settings/VoiceSettings.tsx';
import {
  useGenerateVoiceLine,
  useRemoveSavedVoice,
  useSavedVoices,
  useSaveVoice,
  useVoiceInfo,
  useVoiceLibrary,
} from '../shared/voices/api.ts';

/**
 * `/app/voices` (the route that composes the picker, the settings and the profile dialog): browse the library and try any voice on a line of text (1 credit), save voices
 * with their settings, and manage voice profiles, including cloning one from a sample.
 */
export function VoicesPage() {
  const ids = useId();
  const userId = useAtomValue(userAtom)?.id ?? '';
  const saved = useSavedVoices(userId);
  const profiles = useVoiceProfiles(userId);
  const library = useVoiceLibrary();
  const generateLine = useGenerateVoiceLine();
  const saveVoice = useSaveVoice();
  const removeSavedVoice = useRemoveSavedVoice();
  const renameProfile = useRenameVoiceProfile();
  const deleteProfile = useDeleteVoiceProfile();
  const [voice, setVoice] = useState<VoiceChoice>({ voiceId: DEFAULT_VOICE_ID, name: 'UGC2', source: 'preset' });
  const [settings, setSettings] = useState<VoiceSettingsValue>({
    stability: SIMPLE_EDITOR_VOICE_SETTINGS.stability,
    similarityBoost: SIMPLE_EDITOR_VOICE_SETTINGS.similarityBoost,
    speed: SIMPLE_EDITOR_VOICE_SETTINGS.speed,
  });
  const [text, setText] = useState('');
  const [result, setResult] = useState<GenerateAudioResponse | null>(null);
  const busy = generateLine.isPending;
  // spec 1 §4: success and error messages clear after 5 s.
  const { banner, show: showStatus, clear: clearStatus } = useBanner();
  const [creating, setCreating] = useState(false);
  const [dialog, setDialog] = useState<{ kind: 'save' } | { kind: 'rename' | 'delete'; profile: VoiceProfile } | null>(null);
  const info = useVoiceInfo(voice.voiceId).data?.voice;

  /** Runs a change and shows how it went (a change's mutation has the voices lists re-read first). */
  const act = async (work: () => Promise<string | null>, fallback: string) => {
    clearStatus();
    try {
      const done = await work();
      if (done) showStatus('success', done);
    } catch (err) {
      showStatus('error', errorText(err, fallback));
    }
  };

  const generate = async () => {
    if (!text.trim()) return showStatus('error', Messages.voiceTextRequired);
    setResult(null);
    await act(async () => {
      try {
        setResult(await generateLine.mutateAsync({ text, voiceId: voice.voiceId, ...settings, userId }));
        return null;
      } catch (err) {
        void offerUpgrade(err, 'generate this voice line');
        throw err;
      }
    }, Messages.failedToGenerateAudio);
  };

  const saveCurrentVoice = (name: string) =>
    act(async () => {
      await saveVoice.mutateAsync({
        name,
        voice_id: voice.voiceId,
        voice_settings: { stability: settings.stability, similarity: settings.similarityBoost, speed: settings.speed },
      });
      return `Saved “${name}”.`;
    }, 'The voice could not be saved.');

  const pickSaved = (entry: SavedVoice) => {
    setVoice({ voiceId: entry.voice_id, name: entry.name, source: 'saved' });
    setSettings({
      stability: entry.voice_settings.stability,
      similarityBoost: entry.voice_settings.similarity,
      speed: entry.voice_settings.speed,
    });
  };

  return (
    <section className="vo-page" aria-labelledby={`${ids}-title`}>
      <header>
        <h1 id={`${ids}-title`} className="vo-h1">
          Voices
        </h1>
        <p className="vo-sub">Pick a voice for your videos, try it on a line, save it, or create your own.</p>
        {library.data?.engine === 'local' && <p className="vo-notice">{Messages.localEngineVoices}</p>}
      </header>

      <section className="vo-panel" aria-labelledby={`${ids}-try`}>
        <h2 id={`${ids}-try`} className="vo-h2">
          Try a voice
        </h2>
        <label className="vo-field" htmlFor={`${ids}-text`}>
          Script
          <textarea
            id={`${ids}-text`}
            className="st-input vo-textarea"
            value={text}
            maxLength={5000}
            placeholder="Type a line for the voice to say…"
            onChange={(e) => setText(e.target.value)}
          />
        </label>
        <VoiceSettings value={settings} onChange={setSettings} disabled={busy} />
        <div className="vo-row">
          <button type="button" className="st-btn st-btn-primary" onClick={() => void generate()} disabled={busy}>
            {busy ? 'Generating…' : `Generate voice (${TASK_CREDITS.voice} credit)`}
          </button>
          <button type="button" className="st-btn st-btn-secondary" onClick={() => setDialog({ kind: 'save' })}>
            Save voice
          </button>
          <span className="vo-notice">
            Voice: {info?.name ?? voice.name}
            {info?.description ? ` — ${info.description}` : ''}
          </span>
        </div>
        {result && (
          <>
            <AudioPlayer src={result.audioUrl} duration={result.duration} label={`Generated line in ${voice.name}`} />
            {result.provider === 'local' && <p className="vo-notice">Spoken by the local engine.</p>}
          </>
        )}
        <Banner message={banner} />
      </section>

      <section className="vo-panel" aria-labelledby={`${ids}-library`}>
        <h2 id={`${ids}-library`} className="vo-h2">
          Voice library
        </h2>
        <VoicePicker
          value={voice.voiceId}
          onChange={(choice) => {
            setVoice(choice);
            if (choice.settings) setSettings(choice.settings);
          }}
          onCreateProfile={() => setCreating(true)}
        />
      </section>

      <section className="vo-panel" aria-labelledby={`${ids}-saved`}>
        <h2 id={`${ids}-saved`} className="vo-h2">
          Saved voices
        </h2>
        {(saved.data?.voices ?? []).length === 0 ? (
          <p className="vo-empty">No saved voices yet. Pick a voice and press Save voice.</p>
        ) : (
          <ul className="vo-list" aria-label="Saved voices">
            {saved.data?.voices.map((entry) => (
              <li key={entry.id} className="vo-item">
                <span>
                  <strong>{entry.name}</strong>
                  <span className="vo-meta">
                    {entry.voice_id} · stability {Math.round(entry.voice_settings.stability * 100)}% · speed {entry.voice_settings.speed}×
                  </span>
                </span>
                <span className="vo-row">
                  <button type="button" className="st-btn st-btn-secondary" onClick={() => pickSaved(entry)}>
                    Use {entry.name}
                  </button>
                  <button
                    type="button"
                    className="st-btn st-btn-secondary"
                    onClick={() =>
                      void act(async () => {
                        await removeSavedVoice.mutateAsync(entry.id);
                        return null;
                      }, 'The voice could not be removed.')
                    }
                  >
                    Remove {entry.name}
                  </button>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="vo-panel" aria-labelledby={`${ids}-profiles`}>
        <h2 id={`${ids}-profiles`} className="vo-h2">
          Voice profiles
        </h2>
        {(profiles.data?.profiles ?? []).length === 0 ? (
          <p className="vo-empty">No voice profiles yet.</p>
        ) : (
          <ul className="vo-list" aria-label="Voice profiles">
            {profiles.data?.profiles.map((profile) => (
              <li key={profile.id} className="vo-item">
                <span>
                  <strong>{profile.name}</strong>
                  <span className="vo-meta">
                    {profile.type === 'cloned' ? 'Cloned' : 'Custom'}
                    {profile.approximation ? ' · closest local voice' : ''} · {profile.voice_id}
                  </span>
                </span>
                <span className="vo-row">
                  <button type="button" className="st-btn st-btn-secondary" onClick={() => setDialog({ kind: 'rename', profile })}>
                    Rename {profile.name}
                  </button>
                  <button type="button" className="st-btn st-btn-secondary" onClick={() => setDialog({ kind: 'delete', profile })}>
                    Delete {profile.name}
                  </button>
                </span>
              </li>
            ))}
          </ul>
        )}
        <div className="vo-row">
          <button type="button" className="st-btn st-btn-primary" onClick={() => setCreating(true)}>
            Create voice profile
          </button>
        </div>
      </section>
      <CreateVoiceProfileDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(choice) => {
          setVoice(choice);
        }}
      />
      {dialog?.kind === 'save' && (
        <NameDialog
          title="Save voice"
          label="Voice name"
          description="Saved voices keep their settings, ready to pick for any video."
          confirmLabel="Save"
          initialValue={voice.name}
          onConfirm={async (name) => {
            await saveCurrentVoice(name);
            setDialog(null);
          }}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'rename' && (
        <NameDialog
          title="Rename voice profile"
          label="Profile name"
          confirmLabel="Rename"
          initialValue={dialog.profile.name}
          onConfirm={async (name) => {
            await act(async () => {
              await renameProfile.mutateAsync({ id: dialog.profile.id, name });
              return null;
            }, 'The profile could not be renamed.');
            setDialog(null);
          }}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          title={`Delete the voice profile “${dialog.profile.name}”?`}
          description="Videos already made keep their audio. This cannot be undone."
          confirmLabel="Delete"
          danger
          onConfirm={async () => {
            await act(async () => {
              await deleteProfile.mutateAsync(dialog.profile.id);
              return null;
            }, 'The profile could not be deleted.');
            setDialog(null);
          }}
          onClose={() => setDialog(null)}
        />
      )}
    </section>
  );
}
