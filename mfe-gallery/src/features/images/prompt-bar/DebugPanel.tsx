import { useEffect, useState } from 'react';

/** The prompt bar's debug panel (spec 2 §2): what the bar would send and how the last run went, toggled with Ctrl/Cmd+Shift+D. */
export function DebugPanel({ details }: { details: Record<string, unknown> }) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.metaKey || event.ctrlKey) && event.shiftKey && event.key.toLowerCase() === 'd') {
        event.preventDefault();
        setOpen((was) => !was);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  if (!open) return null;
  return (
    <section className="ga-debug" aria-label="Debug panel">
      <strong>Debug</strong>
      <pre>{JSON.stringify(details, null, 2)}</pre>
    </section>
  );
}
