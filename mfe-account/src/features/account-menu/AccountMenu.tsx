import { useEffect, useId, useRef, useState, type ChangeEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { Messages, USERNAME_CHECK_DEBOUNCE_MS, type AccountMenuProps } from '@studio/contracts';
import { profileAtom, errorText } from '@studio/session';
import { checkUsername, useSaveUsername, useUploadAvatar } from './api.ts';
import { avatarProblem } from './avatar.ts';
import { canSaveUsername, usernameStep, type Availability } from './username.ts';

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
  const [availability, setAvailability] = useState<Availability>('idle');
  const [message, setMessage] = useState<{ tone: 'ok' | 'bad' | 'info'; text: string } | null>(null);
  const saveUsername = useSaveUsername();
  const saving = saveUsername.isPending;
  // Kept apart from `message`: once saved, the name equals the profile's again ("unchanged"),
  // which clears the availability message — the confirmation must outlive that.
  const [saved, setSaved] = useState(false);
  const inputId = useId();
  const statusId = useId();
  const step = usernameStep(value, current);

  useEffect(() => setValue(current ?? ''), [current]);

  // Availability 500 ms after typing stops; not for invalid (incl. under 3 characters) or unchanged names.
  useEffect(() => {
    if (step.kind !== 'check') {
      setAvailability('idle');
      setMessage(step.kind === 'invalid' ? { tone: 'bad', text: step.message } : null);
      return;
    }
    setAvailability('checking');
    setMessage({ tone: 'info', text: 'Checking availability…' });
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      checkUsername(step.username, controller.signal).then(
        (res) => {
          setAvailability(res.available ? 'available' : 'taken');
          setMessage(
            res.available
              ? { tone: 'ok', text: `@${step.username} is available` }
              : { tone: 'bad', text: res.message ?? Messages.usernameTaken },
          );
        },
        (err: unknown) => {
          if (controller.signal.aborted) return;
          setAvailability('error');
          setMessage({ tone: 'bad', text: errorText(err, Messages.unexpected) });
        },
      );
    }, USERNAME_CHECK_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- re-run when the normalised name changes
  }, [step.kind, step.kind === 'check' ? step.username : step.kind === 'invalid' ? step.message : '']);

  const save = () => {
    if (saving || !canSaveUsername(step, availability) || step.kind !== 'check') return;
    saveUsername.mutate(step.username, {
      onSuccess: () => {
        setSaved(true);
        onChange?.();
      },
      onError: (err) => {
        setAvailability('taken');
        setMessage({ tone: 'bad', text: errorText(err, Messages.unexpected) });
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
