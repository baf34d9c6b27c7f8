import { useEffect, useState } from 'react';

/** Says so when a run finished while the tab was in the background (spec 2 §2 background notice). */
export function BackgroundNotice({ running }: { running: boolean }) {
  const [hiddenDuringRun, setHiddenDuringRun] = useState(false);
  useEffect(() => {
    if (!running) return;
    setHiddenDuringRun(document.hidden);
    const onVisibility = () => document.hidden && setHiddenDuringRun(true);
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [running]);
  if (!hiddenDuringRun || running) return null;
  return (
    <p className="ga-notice" role="status">
      Your images finished while this tab was in the background.
    </p>
  );
}
