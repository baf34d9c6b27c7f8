import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { autoUpdate, flip, offset, shift, size, useFloating, type Placement } from '@floating-ui/react-dom';
import { useDismiss } from './dismiss.ts';

/** Room kept between a menu and the viewport's edges. */
const VIEWPORT_MARGIN = 8;
/** Below this a menu stops shrinking to fit and scrolls the page instead (a two-line menu is useless). */
const MIN_MENU_HEIGHT = 120;

/**
 * Places an open popup beside its button and keeps it on screen: it flips above when there is no
 * room below (the gallery's prompt bar sits at the bottom of the viewport), slides along the edge,
 * and shrinks to the room left, scrolling inside. `fixed` because the prompt bar is sticky and the
 * cards scroll under it: an absolute popup would be clipped or laid under it.
 */
export function useFloatingMenu(open: boolean, placement: Placement = 'bottom-start') {
  return useFloating<HTMLElement>({
    open,
    placement,
    strategy: 'fixed',
    whileElementsMounted: autoUpdate,
    middleware: [
      offset(4),
      flip({ padding: VIEWPORT_MARGIN }),
      shift({ padding: VIEWPORT_MARGIN }),
      size({
        padding: VIEWPORT_MARGIN,
        apply({ availableHeight, availableWidth, elements }) {
          elements.floating.style.maxHeight = `${Math.max(MIN_MENU_HEIGHT, Math.floor(availableHeight))}px`;
          elements.floating.style.maxWidth = `${Math.floor(availableWidth)}px`;
        },
      }),
    ],
  });
}

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
  const { refs, floatingStyles } = useFloatingMenu(open, 'bottom-end');
  const entries = () => Array.from(root.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? []);

  useEffect(() => {
    // Without scrolling: the list is placed (fixed) after this first focus, and a scroll would move it off its button.
    if (open) entries()[0]?.focus({ preventScroll: true });
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
        ref={(node) => {
          button.current = node;
          refs.setReference(node);
        }}
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
        <ul
          ref={refs.setFloating}
          style={floatingStyles}
          id={id}
          role="menu"
          aria-label={label}
          className="st-menu-list"
          onKeyDown={onKeyDown}
        >
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

/**
 * A menu of controls (checkboxes, a search, a grid of pictures) behind a button: a `<details>`
 * whose panel is placed like `Menu`'s list. Escape or a press elsewhere closes it, and Escape
 * gives focus back to its button.
 */
export function MenuPanel({
  summary,
  className,
  summaryClassName,
  panelClassName,
  children,
}: {
  summary: ReactNode;
  className?: string;
  summaryClassName?: string;
  panelClassName?: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDetailsElement>(null);
  const button = useRef<HTMLElement>(null);
  const { refs, floatingStyles } = useFloatingMenu(open);
  useDismiss(open, root, button, () => setOpen(false));
  return (
    <details ref={root} className={className} open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary
        ref={(node) => {
          button.current = node;
          refs.setReference(node);
        }}
        className={summaryClassName}
      >
        {summary}
      </summary>
      {open && (
        <div ref={refs.setFloating} style={floatingStyles} className={`st-menu-panel${panelClassName ? ` ${panelClassName}` : ''}`}>
          {children}
        </div>
      )}
    </details>
  );
}
