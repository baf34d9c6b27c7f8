import { Link, useLocation } from 'react-router-dom';
import { ProjectMessages, type ProjectKind } from '@studio/contracts';
import { useRecentProjects } from './api.ts';
import { PROJECT_PARAM } from './use-project-draft.ts';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The user's latest drafts of this editor, each reopened where it was left (the one open now is marked). */
export function RecentProjects({ kind, currentId }: { kind: ProjectKind; currentId: string | null }) {
  const { pathname } = useLocation();
  const recent = useRecentProjects(kind);
  const items = recent.data ?? [];
  return (
    <section className="ve-panel" aria-labelledby="ve-recent-title">
      <h2 id="ve-recent-title" className="ve-h2">
        {ProjectMessages.recentTitle}
      </h2>
      {recent.isPending ? null : items.length === 0 ? (
        <p className="ve-empty">{ProjectMessages.recentEmpty}</p>
      ) : (
        <ul className="ve-recent">
          {items.map((project) => (
            <li key={project.id}>
              <Link
                to={`${pathname}?${PROJECT_PARAM}=${project.id}`}
                className="ve-recent-link"
                aria-current={project.id === currentId ? 'page' : undefined}
              >
                <span className="ve-recent-title">{project.title}</span>
                <span className="ve-meta">
                  {project.sections === 1 ? '1 section' : `${project.sections} sections`} · {when.format(new Date(project.updatedAt))}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
