export const VIDEOS_EMPTY_TEXT = 'No videos yet.';

/** `/app/videos`: the user's videos; empty until video generation exists. */
export function VideosPage() {
  return (
    <section className="ga-page" aria-labelledby="ga-videos-title">
      <header>
        <h1 id="ga-videos-title" className="ga-h1">
          Videos
        </h1>
      </header>
      <p className="ga-empty">{VIDEOS_EMPTY_TEXT}</p>
    </section>
  );
}
