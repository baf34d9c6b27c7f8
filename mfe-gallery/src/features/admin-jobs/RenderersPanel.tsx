import { AdminJobMessages, type AdminRenderWorker } from '@studio/contracts';
import { errorText } from '@studio/session';
import { Alert, Spinner } from '@studio/ui';
import { useRenderers } from './api.ts';

/** What a worker renders now, in a line: `job/section step`, or idle. */
const renderingNow = (worker: AdminRenderWorker) =>
  worker.rendering.length === 0
    ? AdminJobMessages.renderingNothing
    : worker.rendering.map((r) => `${r.job}${r.section ? `/${r.section}` : ''} ${r.step}`).join(', ');

/** How long ago a worker was last seen, in seconds. */
const secondsAgo = (iso: string) => `${Math.max(0, Math.round((Date.now() - Date.parse(iso)) / 1000))} s ago`;

/**
 * The render fleet in the jobs console (DESIGN decision 18): how many jobs and renders wait on each
 * queue (add workers when it stays up), and each rendering process — what it renders now and when
 * its heartbeat was last heard.
 */
export function RenderersPanel() {
  const renderers = useRenderers();
  return (
    <section className="ga-renderers" aria-labelledby="ga-renderers-title">
      <h2 id="ga-renderers-title" className="ga-h2">
        {AdminJobMessages.renderersTitle}
      </h2>
      {renderers.isPending ? <Spinner label="Loading the renderers" /> : null}
      {renderers.error ? <Alert tone="error">{errorText(renderers.error, 'The renderers could not be read.')}</Alert> : null}
      {renderers.data ? (
        <>
          <p className="ga-sub" role="status">
            {renderers.data.queues.map((q) => AdminJobMessages.queueDepth(q.name, q.depth)).join(' · ')}
          </p>
          {renderers.data.workers.length === 0 ? (
            <p className="ga-empty">{AdminJobMessages.noRenderers}</p>
          ) : (
            <div className="ga-jobs-scroll">
              <table className="ga-jobs-table">
                <caption className="ga-visually-hidden">Renderers, the most recently seen first</caption>
                <thead>
                  <tr>
                    <th scope="col">Executor</th>
                    <th scope="col">Role</th>
                    <th scope="col">State</th>
                    <th scope="col">Rendering now</th>
                    <th scope="col">Renders done</th>
                    <th scope="col">Last seen</th>
                  </tr>
                </thead>
                <tbody>
                  {renderers.data.workers.map((w) => (
                    <tr key={w.executorId}>
                      <td>{w.executorId}</td>
                      <td>{w.role}</td>
                      <td>
                        <span className="ga-jobs-status" data-status={w.state}>
                          {w.state}
                          {w.recoveredBy ? ` (by ${w.recoveredBy})` : ''}
                        </span>
                      </td>
                      <td>{renderingNow(w)}</td>
                      <td>{w.rendersDone}</td>
                      <td>{secondsAgo(w.lastSeenAt)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      ) : null}
    </section>
  );
}
