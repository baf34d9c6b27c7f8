import { useEffect, useRef } from 'react';
import { BANNER_MS } from '@studio/contracts';

/**
 * spec 2 §4: messages vanish after 5 s. Calls `clear` once `message` has shown for that long; a
 * different message starts the clock again, and none shown (null, '') waits for the next.
 */
export function useClearAfter(message: string | null | undefined, clear: () => void, ms = BANNER_MS): void {
  const latest = useRef(clear);
  latest.current = clear;
  useEffect(() => {
    if (!message) return;
    const timer = window.setTimeout(() => latest.current(), ms);
    return () => window.clearTimeout(timer);
  }, [message, ms]);
}
