import { useEffect, useId, useRef, useState, type ChangeEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { Messages, type AccountMenuProps, type UsernameAvailabilityResponse } from '@studio/contracts';
import { profileAtom, errorText } from '@studio/session';
import { useSaveUsername, useUploadAvatar, useUsernameAvailability } from './api.ts';
import { avatarProblem } from './avatar.ts';
import { canSaveUsername, usernameStep, type Availability, type UsernameStep } from './username.ts';

type Status = { tone: 'ok' | 'bad' | 'info'; text: string } | null;

/** Where the check of a changed name stands; a save the server refused makes the name taken. */
function availabilityOf(
  step: UsernameStep,
  checked: { checking: boolean; error: unknown; data: UsernameAvailabilityResponse | undefined },
  refused: unknown,
): Availability {
  if (step.kind !== 'check') return 'idle';
  if (refused) return 'taken';
  if (checked.checking) return 'checking';
  if (checked.error) return 'error';
  if (!checked.data) return 'checking';
  return checked.data.available ? 'available' : 'taken';
}

/** What the field says under the name: its rule, the check under way, or the answer. */
function usernameMessage(
  step: UsernameStep,
  availability: Availability,
  answer: UsernameAvailabilityResponse | undefined,
  error: unknown,
): Status {
  if (step.kind === 'invalid') return { tone: 'bad', text: step.message };
  if (step.kind !== 'check') return null;
  switch (availability) {
    case 'checking':
      return { tone: 'info', text: 'Checking availability…' };
    case 'available':
      return { tone: 'ok', text: `@${step.username} is available` };
    case 'taken':
      return { tone: 'bad', text: error ? errorText(error, Messages.unexpected) : (answer?.message ?? Messages.usernameTaken) };
    case 'error':
      return { tone: 'bad', text: errorText(error, Messages.unexpected) };
    default:
      return null;
  }
}

/** The account part of the user menu (spec 2 §2, §5): avatar, username, and `credits` (composed by the exposed module). */
export function AccountMenu({ onProfileChange, credits }: AccountMenuProps & { credits?: ReactNode }) {
  return (
    <div className="ac-menu">
      <AvatarUpload onChange={onProfileChange} />
      <UsernameEditor onChange={onProfileChange} />
      {credits}
    </div>
  );
}

function AvatarUpload({ onChange }: { onChange?: () => void }) {
  const profile = useAtomValue(profileAtom);
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useUploadAvatar();
  const busy = upload.isPending;
  const error = problem ?? (upload.error ? errorText(upload.error, Messages.avatarSaveFailed) : null);
  const inputId = useId();

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    upload.reset();
    const refused = avatarProblem(file);
    setProblem(refused);
    if (refused) return;
    upload.mutate(file, { onSuccess: () => onChange?.() });
  };

  const initial = (profile?.username ?? profile?.email ?? '?')[0]?.toUpperCase();
  return (
    <div className="ac-avatar-row">
      {profile?.avatar_url ? (
        <img className="ac-avatar" src={profile.avatar_url} alt="Your avatar" width={56} height={56} />
      ) : (
        <span className="ac-avatar" aria-hidden="true">
          {initial}
        </span>
      )}
      <div style={{ display: 'grid', gap: '.25rem' }}>
        <label htmlFor={inputId} className="st-visually-hidden">
          Upload avatar image
        </label>
        <input id={inputId} ref={input} type="file" accept="image/*" hidden onChange={choose} />
        <button type="button" className="st-btn st-btn-secondary" onClick={() => input.current?.click()} disabled={busy}>
          {busy ? 'Uploading…' : 'Change avatar'}
        </button>
        <span className="ac-status ac-status-bad" role={error ? 'alert' : undefined}>
          {error}
        </span>
      </div>
    </div>
  );
}

function UsernameEditor({ onChange }: { onChange?: () => void }) {
  const profile = useAtomValue(profileAtom);
  const current = profile?.username ?? null;
  const [value, setValue] = useState(current ?? '');
  const saveUsername = useSaveUsername();
  const saving = saveUsername.isPending;
  // Kept apart from the availability message: once saved, the name equals the profile's again
  // ("unchanged"), which clears that message — the confirmation must outlive it.
  const [saved, setSaved] = useState(false);
  const inputId = useId();
  const statusId = useId();
  const step = usernameStep(value, current);
  const checked = useUsernameAvailability(step.kind === 'check' ? step.username : null);
  const refused = saveUsername.error && step.kind === 'check' && saveUsername.variables === step.username ? saveUsername.error : null;
  const availability = availabilityOf(step, checked, refused);
  const message = usernameMessage(step, availability, checked.data, refused ?? checked.error);

  useEffect(() => setValue(current ?? ''), [current]);

  const save = () => {
    if (saving || !canSaveUsername(step, availability) || step.kind !== 'check') return;
    saveUsername.mutate(step.username, {
      onSuccess: () => {
        setSaved(true);
        onChange?.();
      },
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      save();
    }
  };

  const status = message ?? (saved ? { tone: 'ok' as const, text: 'Username saved' } : null);

  return (
    <div className="st-field">
      <label className="st-label" htmlFor={inputId}>
        Username
      </label>
      <input
        id={inputId}
        className="st-input"
        value={value}
        onChange={(e) => {
          setSaved(false);
          setValue(e.target.value);
        }}
        onKeyDown={onKeyDown}
        onBlur={save}
        autoComplete="username"
        spellCheck={false}
        placeholder="your_name"
        aria-invalid={step.kind === 'invalid' || availability === 'taken'}
        aria-describedby={statusId}
        disabled={saving}
      />
      <span
        id={statusId}
        className={`ac-status ${status?.tone === 'ok' ? 'ac-status-ok' : status?.tone === 'bad' ? 'ac-status-bad' : 'ac-note'}`}
        aria-live="polite"
      >
        {status?.text ?? '3-20 lowercase letters, numbers or underscores. Saved on Enter.'}
      </span>
    </div>
  );
}
