/**
 * What the shell shows while a remote's module loads and when its remote is down. A page's
 * fallback says so with Retry; a chrome widget (credits, the account menu) stays quiet, and the
 * page fallback's Retry reloads every slot of the remote.
 */
import { Spinner } from '@studio/ui';

export const pageLoading = (
  <div className="st-center">
    <Spinner />
  </div>
);

export const inlineLoading = <Spinner />;

export function pageUnavailable(retry: () => void, retrying: boolean) {
  return (
    <section className="sh-unavailable" aria-labelledby="remote-unavailable-title">
      <svg width="56" height="56" viewBox="0 0 56 56" aria-hidden="true">
        <rect x="4" y="10" width="48" height="36" rx="8" fill="var(--st-accent-soft)" />
        <path d="M18 28h20M28 18v20" stroke="var(--st-accent-600)" strokeWidth="3" strokeLinecap="round" transform="rotate(45 28 28)" />
      </svg>
      <h2 id="remote-unavailable-title">This part of the studio is unavailable right now</h2>
      <p>Everything else keeps working. Try again in a moment.</p>
      <button type="button" className="st-btn st-btn-primary" onClick={retry} disabled={retrying}>
        {retrying ? 'Retrying…' : 'Retry'}
      </button>
    </section>
  );
}

export function inlineUnavailable() {
  return (
    <span className="sh-remote-inline" role="status">
      Unavailable
    </span>
  );
}
