import { useEffect, useId, useRef, type ReactNode } from 'react';

export interface DialogProps {
  /** Accessible name, shown as the heading. */
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  wide?: boolean;
  /** Optional text under the heading, linked as the dialog's description. */
  description?: ReactNode;
  /** Label of the close button. */
  closeLabel?: string;
}

/**
 * Modal dialog: `role="dialog"`, `aria-modal`, labelled by its heading; focus moves in on open,
 * stays inside (Tab wraps), Escape and the backdrop close, focus returns to the opener on close.
 */
export function Dialog({ title, onClose, children, wide, description, closeLabel = 'Close' }: DialogProps) {
  const titleId = useId();
  const descId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const el = panel.current;
    const first = el?.querySelector<HTMLElement>('[autofocus],input,select,textarea');
    (first ?? el)?.focus();
    const onKey = (event: KeyboardEvent) => {
      // A dialog opened from this one (a confirmation inside the upgrade dialog) owns the keys until it closes.
      if (el?.querySelector('[role="dialog"]')) return;
      if (event.key === 'Escape') {
        event.stopPropagation();
        closeRef.current();
      } else if (event.key === 'Tab' && el) {
        const items = focusables(el);
        if (items.length === 0) return;
        const firstItem = items[0]!;
        const lastItem = items[items.length - 1]!;
        if (event.shiftKey && document.activeElement === firstItem) {
          event.preventDefault();
          lastItem.focus();
        } else if (!event.shiftKey && document.activeElement === lastItem) {
          event.preventDefault();
          firstItem.focus();
        }
      }
    };
    document.addEventListener('keydown', onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    // A click on the backdrop closes, as Escape does from the keyboard (handled above).
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- the dialog inside is the interactive element
    <div className="st-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descId : undefined}
        tabIndex={-1}
        className={wide ? 'st-dialog st-dialog-wide' : 'st-dialog'}
      >
        <button type="button" className="st-dialog-close" aria-label={closeLabel} onClick={onClose}>
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
        <h2 id={titleId} style={{ fontSize: 'var(--st-text-xl)', marginBottom: description ? '.35rem' : '1.25rem', paddingRight: '2rem' }}>
          {title}
        </h2>
        {description ? (
          <p id={descId} style={{ color: 'var(--st-muted)', marginBottom: '1.25rem' }}>
            {description}
          </p>
        ) : null}
        {children}
      </div>
    </div>
  );
}

function focusables(root: HTMLElement): HTMLElement[] {
  return Array.from(
    root.querySelectorAll<HTMLElement>(
      'a[href],button:not([disabled]),input:not([disabled]),select:not([disabled]),textarea:not([disabled]),[tabindex]:not([tabindex="-1"])',
    ),
  ).filter((n) => n.offsetParent !== null || n === document.activeElement);
}

/** Busy indicator with an accessible label. */
export function Spinner({ label = 'Loading' }: { label?: string }) {
  return <span className="st-spinner" role="status" aria-label={label} />;
}

export interface AlertProps {
  tone: 'error' | 'success' | 'warning' | 'info';
  children: ReactNode;
}

/** Inline message; errors are announced assertively, others politely. */
export function Alert({ tone, children }: AlertProps) {
  return (
    <div className={`st-alert st-alert-${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}

/** The Studio mark and wordmark. */
export function Logo({ tone = 'ink', size = 28 }: { tone?: 'ink' | 'light'; size?: number }) {
  const gradientId = useId();
  return (
    <span
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: '.55rem',
        fontWeight: 800,
        fontSize: size * 0.72,
        letterSpacing: '-0.03em',
        color: tone === 'ink' ? 'var(--st-ink)' : 'var(--st-on-night)',
      }}
    >
      <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" style={{ flexShrink: 0 }}>
        <defs>
          <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#7c5cff" />
            <stop offset="1" stopColor="#ff6b5a" />
          </linearGradient>
        </defs>
        <rect width="32" height="32" rx="9" fill={`url(#${gradientId})`} />
        <circle cx="16" cy="16" r="6.5" fill="none" stroke="#fff" strokeWidth="2.6" />
        <circle cx="16" cy="16" r="2.2" fill="#fff" />
        <circle cx="24.5" cy="7.5" r="1.6" fill="#fff" />
      </svg>
      Studio
    </span>
  );
}
