import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Alert, Dialog } from './components.tsx';

/** Spec 1 §4 and §10: success and error banners clear after 5 seconds (contracts' BANNER_MS). */
export const BANNER_CLEAR_MS = 5000;

export interface BannerMessage {
  tone: 'error' | 'success' | 'warning' | 'info';
  text: string;
}

/**
 * A page's banner: `show` puts a message up and it clears itself after 5 s (a newer message restarts
 * the clock); `clear` takes it down at once. Render it with `<Banner message={banner} />`.
 */
export function useBanner(clearAfterMs = BANNER_CLEAR_MS): {
  banner: BannerMessage | null;
  show: (tone: BannerMessage['tone'], text: string) => void;
  clear: () => void;
} {
  const [banner, setBanner] = useState<BannerMessage | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const clear = useCallback(() => {
    window.clearTimeout(timer.current);
    setBanner(null);
  }, []);
  const show = useCallback(
    (tone: BannerMessage['tone'], text: string) => {
      window.clearTimeout(timer.current);
      setBanner({ tone, text });
      timer.current = window.setTimeout(() => setBanner(null), clearAfterMs);
    },
    [clearAfterMs],
  );
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return { banner, show, clear };
}

/** The banner of `useBanner`, or nothing. */
export function Banner({ message }: { message: BannerMessage | null }) {
  if (!message) return null;
  return <Alert tone={message.tone}>{message.text}</Alert>;
}

export interface ConfirmDialogProps {
  title: string;
  /** What will happen, in the product's words. */
  description?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** A destructive action gets the danger style. */
  danger?: boolean;
  /** Runs on confirm; the dialog shows it busy until the promise settles, and stays open on failure. */
  onConfirm: () => void | Promise<void>;
  onClose: () => void;
  /** Confirm is unavailable (e.g. while what it will charge is still being worked out). */
  confirmDisabled?: boolean;
  children?: ReactNode;
}

/** Asks before an action that charges, cancels or deletes (instead of `window.confirm`). */
export function ConfirmDialog({
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  danger,
  onConfirm,
  onClose,
  confirmDisabled,
  children,
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog title={title} description={description} onClose={busy ? () => undefined : onClose}>
      {children}
      <div className="st-dialog-actions">
        <button type="button" className="st-btn st-btn-secondary" onClick={onClose} disabled={busy}>
          {cancelLabel}
        </button>
        <button
          type="button"
          className={danger ? 'st-btn st-btn-danger' : 'st-btn st-btn-primary'}
          onClick={() => void confirm()}
          disabled={busy || confirmDisabled}
          aria-busy={busy}
        >
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}

export interface NameDialogProps {
  title: string;
  label: string;
  confirmLabel: string;
  initialValue?: string;
  maxLength?: number;
  description?: ReactNode;
  /** Receives the trimmed name; the dialog stays open (busy) until the promise settles. */
  onConfirm: (name: string) => void | Promise<void>;
  onClose: () => void;
}

/** Asks for a name (instead of `window.prompt`): Confirm stays disabled while the name is blank. */
export function NameDialog({
  title,
  label,
  confirmLabel,
  initialValue = '',
  maxLength = 100,
  description,
  onConfirm,
  onClose,
}: NameDialogProps) {
  const [name, setName] = useState(initialValue);
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  const blank = name.trim() === '';
  const submit = async () => {
    if (blank || busy) return;
    setBusy(true);
    try {
      await onConfirm(name.trim());
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog title={title} description={description} onClose={busy ? () => undefined : onClose}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <div className="st-field">
          <label htmlFor={inputId}>{label}</label>
          <input
            id={inputId}
            className="st-input"
            value={name}
            maxLength={maxLength}
            onChange={(e) => setName(e.target.value)}
            autoComplete="off"
          />
        </div>
        <div className="st-dialog-actions">
          <button type="button" className="st-btn st-btn-secondary" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="st-btn st-btn-primary" disabled={blank || busy} aria-busy={busy}>
            {confirmLabel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

export interface FileDropProps {
  /** What to drop or choose, e.g. "Upload a product photo". */
  label: string;
  /** A short line under the label: formats and size. */
  hint?: string;
  /** MIME types the file chooser offers (the server judges the bytes anyway). */
  accept: string;
  multiple?: boolean;
  disabled?: boolean;
  onFiles: (files: File[]) => void;
}

/**
 * A styled upload area: click or press Enter to choose, or drop files on it. The native input is
 * kept (it is what opens the system chooser and what tests set files on) but visually hidden.
 */
export function FileDrop({ label, hint, accept, multiple, disabled, onFiles }: FileDropProps) {
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [over, setOver] = useState(false);
  const take = (list: FileList | null) => {
    const files = Array.from(list ?? []);
    if (files.length > 0) onFiles(multiple ? files : files.slice(0, 1));
  };
  return (
    <label
      htmlFor={inputId}
      className={over ? 'st-filedrop st-filedrop-over' : 'st-filedrop'}
      aria-disabled={disabled}
      onDragOver={(event) => {
        if (disabled) return;
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        if (!disabled) take(event.dataTransfer.files);
      }}
    >
      <svg width="28" height="28" viewBox="0 0 24 24" aria-hidden="true">
        <path
          d="M12 16V4m0 0l-4.5 4.5M12 4l4.5 4.5M4 16v3a1 1 0 001 1h14a1 1 0 001-1v-3"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className="st-filedrop-label">{label}</span>
      {hint ? <span className="st-filedrop-hint">{hint}</span> : null}
      <input
        ref={input}
        id={inputId}
        type="file"
        className="st-visually-hidden"
        accept={accept}
        multiple={multiple}
        disabled={disabled}
        onChange={(event) => {
          take(event.target.files);
          event.target.value = '';
        }}
      />
    </label>
  );
}
