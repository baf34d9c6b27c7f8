import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useDismiss } from './dismiss.ts';

export interface MenuItem {
  label: string;
  onSelect: () => void;
  disabled?: boolean;
  /** Drawn in the danger colour (Delete). */
  danger?: boolean;
}

/**
 * A compact actions menu (WAI-ARIA menu button): a small button opens a list of actions; arrows,
 * Home and End move between them, Enter or a click runs one; Escape closes it and gives focus back
 * to the button, as Tab or a press elsewhere close it.
 */
export function Menu({ label, items }: { label: string; items: readonly MenuItem[] }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const entries = () => Array.from(root.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? []);

  useEffect(() => {
    if (open) entries()[0]?.focus();
  }, [open]);
  useDismiss(open, root, button, () => setOpen(false));

  const onKeyDown = (e: KeyboardEvent) => {
    const all = entries();
    const at = all.indexOf(document.activeElement as HTMLButtonElement);
    const move: Record<string, number | undefined> = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: all.length - 1 };
    if (e.key === 'Tab') setOpen(false);
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
          {items.map((item) => (
            <li key={item.label} role="none">
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                disabled={item.disabled}
                className={`st-menu-item${item.danger ? ' st-menu-danger' : ''}`}
                onClick={() => {
                  setOpen(false);
                  button.current?.focus();
                  item.onSelect();
                }}
              >
                {item.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
