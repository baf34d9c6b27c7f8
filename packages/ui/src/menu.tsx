import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

export interface MenuItem {
  label: string;
  onSelect: () => void;
  disabled?: boolean;
  /** A toggle (`menuitemcheckbox`): its state is announced and shown with a check mark. */
  checked?: boolean;
  /** Drawn in the danger colour (Delete). */
  danger?: boolean;
}

/**
 * A compact actions menu (WAI-ARIA menu button): a small button opens a list of actions; arrows,
 * Home and End move between them, Enter or a click runs one, Escape, Tab or a click elsewhere closes
 * it and focus returns to the button.
 */
export function Menu({ label, items }: { label: string; items: readonly (MenuItem | false | null)[] }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const shown = items.filter((item): item is MenuItem => Boolean(item));
  const entries = () => Array.from(root.current?.querySelectorAll<HTMLButtonElement>('[role^="menuitem"]') ?? []);

  useEffect(() => {
    if (!open) return;
    entries()[0]?.focus();
    const away = (e: PointerEvent) => !root.current?.contains(e.target as Node) && setOpen(false);
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const all = entries();
    const at = all.indexOf(document.activeElement as HTMLButtonElement);
    const move: Record<string, number | undefined> = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: all.length - 1 };
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      close();
    } else if (e.key === 'Tab') setOpen(false);
    else if (move[e.key] !== undefined) {
      e.preventDefault();
      all[(move[e.key]! + all.length) % all.length]?.focus();
    }
  };

  return (
    <div className="st-menu" ref={root}>
      <button
        ref={button}
        type="button"
        className="st-menu-button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        <span aria-hidden="true">⋯</span>
      </button>
      {open && (
        <ul id={id} role="menu" aria-label={label} className="st-menu-list" onKeyDown={onKeyDown}>
          {shown.map((item) => (
            <li key={item.label} role="none">
              <button
                type="button"
                role={item.checked === undefined ? 'menuitem' : 'menuitemcheckbox'}
                aria-checked={item.checked}
                tabIndex={-1}
                disabled={item.disabled}
                className={`st-menu-item${item.danger ? ' st-menu-danger' : ''}`}
                onClick={() => {
                  close();
                  item.onSelect();
                }}
              >
                {item.checked !== undefined && <span aria-hidden="true">{item.checked ? '★' : '☆'}</span>}
                {item.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
