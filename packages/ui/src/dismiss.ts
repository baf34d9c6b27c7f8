import { useEffect, useRef, type RefObject } from 'react';

/**
 * Closes an open popup (a menu, a panel) on a press outside `root`, or on Escape — which also gives
 * focus back to `button`, the control that opened it.
 */
export function useDismiss(open: boolean, root: RefObject<HTMLElement | null>, button: RefObject<HTMLElement | null>, close: () => void) {
  const closeRef = useRef(close);
  closeRef.current = close;
  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) closeRef.current();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      closeRef.current();
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, root, button]);
}
