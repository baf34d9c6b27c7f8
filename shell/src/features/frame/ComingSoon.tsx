import { Link } from 'react-router-dom';
import type { RemoteName } from '@studio/contracts';

const REMOTE_LABELS: Record<RemoteName, string> = {
  mfe_account: 'account',
  mfe_gallery: 'gallery',
  mfe_video_editor: 'video editor',
  mfe_image_studio: 'image studio',
  mfe_voices: 'voices',
};

/** Placeholder for a screen whose remote is not built yet: clear, inside the frame, never a crash. */
export function ComingSoon({ title, remote, exitTo }: { title: string; remote: RemoteName; exitTo?: string }) {
  return (
    <section className="sh-coming-soon" aria-labelledby="coming-soon-title">
      <span className="st-badge">Coming soon</span>
      <h1 id="coming-soon-title">{title}</h1>
      <p>
        {title} is part of the {REMOTE_LABELS[remote]}, which is on its way. Meanwhile you can manage your plan, credits and usage.
      </p>
      <div className="sh-coming-soon-actions">
        <Link className="st-btn st-btn-primary" to="/app/subscription">
          Plans &amp; credits
        </Link>
        {exitTo && (
          <Link className="st-btn st-btn-secondary" to={exitTo}>
            Exit
          </Link>
        )}
      </div>
    </section>
  );
}
