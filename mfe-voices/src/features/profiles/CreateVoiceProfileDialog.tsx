import { useId, useState, type FormEvent } from 'react';
import { useAtomValue } from 'jotai';
import { Messages, type CloneVoiceResponse, type CreateVoiceProfileDialogProps } from '@studio/contracts';
import { ApiError, requestUpgrade, userAtom, errorText } from '@studio/session';
import { Dialog } from '@studio/ui';
import { useCloneVoice } from '../../shared/profiles/api.ts';
import { SAMPLE_EXTENSIONS, sampleProblem } from './sample.ts';

/**
 * The Create Voice Profile dialog (spec 2 §2): a name and an audio sample, cloned into a voice
 * profile; the sample's rules and messages of §5, then success or 'Failed to create voice profile'.
 */
export function CreateVoiceProfileDialog({ open, onClose, onCreated }: CreateVoiceProfileDialogProps) {
  const ids = useId();
  const userId = useAtomValue(userAtom)?.id ?? '';
  const cloneVoice = useCloneVoice();
  const [name, setName] = useState('');
  const [file, setFile] = useState<File | null>(null);
  // The form's own refusals (a missing name, a bad sample); the clone's failure is the mutation's.
  const [problem, setProblem] = useState<string | null>(null);
  const [warning, setWarning] = useState<string | null>(null);
  // Why the last chosen file was refused: Create repeats it rather than asking for a file as if none had been chosen.
  const [refusedSample, setRefusedSample] = useState<string | null>(null);
  if (!open) return null;
  const created: CloneVoiceResponse | undefined = cloneVoice.data;
  const busy = cloneVoice.isPending;
  const needsPlan = cloneVoice.error instanceof ApiError && cloneVoice.error.status === 402;
  const error = problem ?? (cloneVoice.error ? errorText(cloneVoice.error, Messages.voiceProfileFailed) : null);

  const choose = (next: File | undefined) => {
    setProblem(null);
    cloneVoice.reset();
    setWarning(null);
    setFile(null);
    setRefusedSample(null);
    if (!next) return;
    const check = sampleProblem(next);
    if ('error' in check) {
      setRefusedSample(check.error);
      return setProblem(check.error);
    }
    setWarning(check.warning);
    setFile(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    cloneVoice.reset();
    if (!name.trim()) return setProblem(Messages.voiceNameRequired);
    if (!file) return setProblem(refusedSample ?? Messages.audioMissing);
    cloneVoice.mutate(
      { name: name.trim(), userId, sample: file },
      { onSuccess: (answer) => onCreated?.({ voiceId: answer.voiceId, name: answer.profile.name, source: 'profile' }) },
    );
  };

  return (
    <Dialog
      title="Create Voice Profile"
      description="Name the voice and upload a clear sample of one person speaking (30 seconds or more works best)."
      onClose={onClose}
    >
      {created ? (
        <div className="vo-form">
          <p className="vo-success" role="status">
            Voice profile “{created.profile.name}” created.
          </p>
          {created.approximation && (
            <p className="vo-notice">
              The local engine made the closest voice it can to your sample (pitch, pace and tone); a hosted voice provider clones it
              exactly.
            </p>
          )}
          <button type="button" className="st-btn st-btn-primary" onClick={onClose}>
            Done
          </button>
        </div>
      ) : (
        <form className="vo-form" onSubmit={(e) => void submit(e)} noValidate>
          <label className="vo-field" htmlFor={`${ids}-name`}>
            Voice name
            <input id={`${ids}-name`} className="st-input" value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
          </label>
          <label className="vo-field" htmlFor={`${ids}-sample`}>
            Audio sample
            <input
              id={`${ids}-sample`}
              type="file"
              className="st-input"
              accept={SAMPLE_EXTENSIONS.map((e) => `.${e}`).join(',')}
              onChange={(e) => choose(e.target.files?.[0])}
            />
          </label>
          {warning && <p className="vo-notice">{warning}</p>}
          {error && (
            <p className="vo-error" role="alert">
              {error}
            </p>
          )}
          {needsPlan && (
            <button type="button" className="st-btn st-btn-secondary" onClick={() => requestUpgrade(undefined, 'clone a voice')}>
              See plans
            </button>
          )}
          <div className="vo-row">
            <button type="submit" className="st-btn st-btn-primary" disabled={busy}>
              {busy ? 'Creating…' : 'Create profile'}
            </button>
            <button type="button" className="st-btn st-btn-secondary" onClick={onClose}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
