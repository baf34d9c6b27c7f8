import { Messages } from '@studio/contracts';

/** `/app/discover` (spec 1 §2 "Gallery and discover"): featured images only. */
export function DiscoverPage() {
  return (
    <section className="ga-page" aria-labelledby="ga-discover-title">
      <header>
        <h1 id="ga-discover-title" className="ga-h1">
          Discover
        </h1>
        <p className="ga-sub">Featured images from creators.</p>
      </header>
      <p className="ga-empty">{Messages.discoverEmpty}</p>
    </section>
  );
}
