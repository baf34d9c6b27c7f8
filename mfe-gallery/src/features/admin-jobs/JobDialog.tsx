import type { ReactNode } from 'react';
import type { AdminJobDetail } from '@studio/contracts';
import { errorText } from '@studio/session';
import { Alert, Banner, Dialog, Spinner, useBanner } from '@studio/ui';
import { useJob, useJobAction, type JobAction } from './api.ts';
import { KIND_LABELS, when } from './AdminJobsPage.tsx';

const ENDED_WITH_FAILURES = new Set(['FAILED', 'PARTIAL_SUCCESS', 'CANCELLED', 'TIMED_OUT']);
/** A table of the job's records, scrolling sideways on a narrow screen rather than widening the dialog. */
function DataTable({ caption, columns, children }: { caption: string; columns: string[]; children: ReactNode }) {
  return (
    <div className="ga-jobs-scroll">
      <table className="ga-jobs-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

const seconds = (ms: number | null) => (ms === null ? '—' : `${(ms / 1000).toFixed(1)} s`);

/** A section support may refund: it did not complete, is not running, and its credits were not given back. */
const refundable = (section: AdminJobDetail['sections'][number]) =>
  !section.refunded && section.credits > 0 && !['COMPLETED', 'RUNNING', 'PENDING'].includes(section.status);

/** One job, whole: what it is, its sections, the steps its engine recorded, its ledger entries, and support's actions. */
export function JobDialog({ jobId, onClose }: { jobId: string; onClose: () => void }) {
  const job = useJob(jobId);
  const action = useJobAction();
  const { banner, show } = useBanner();
  const run = (next: JobAction) =>
    action.mutate(next, {
      onSuccess: (answer) => show('success', answer.message),
      onError: (error) => show('error', errorText(error, 'That did not work. Please try again.')),
    });
  const data = job.data;
  return (
    <Dialog title={`Job ${jobId.slice(0, 8)}`} onClose={onClose} wide>
      {job.isPending ? (
        <Spinner label="Loading the job" />
      ) : job.isError || !data ? (
        <Alert tone="error">{errorText(job.error, 'The job could not be loaded.')}</Alert>
      ) : (
        <div className="ga-job">
          <Banner message={banner} />
          <dl className="ga-job-facts">
            <dt>Job ID</dt>
            <dd>
              <code>{data.id}</code>
            </dd>
            <dt>User</dt>
            <dd>{data.userEmail}</dd>
            <dt>Kind</dt>
            <dd>{KIND_LABELS[data.kind]}</dd>
            <dt>Status</dt>
            <dd>
              <span className="ga-jobs-status" data-status={data.status}>
                {data.status}
              </span>
              {data.step ? ` · ${data.step}` : ''}
            </dd>
            <dt>Engine</dt>
            <dd>
              {data.engine} ·{' '}
              {data.workflowUrl ? (
                <a href={data.workflowUrl} target="_blank" rel="noreferrer">
                  workflow {data.workflowId}
                </a>
              ) : (
                <>
                  workflow <code>{data.workflowId}</code>
                </>
              )}
            </dd>
            <dt>Started</dt>
            <dd>{when(data.startedAt)}</dd>
            <dt>Ended</dt>
            <dd>{data.endedAt ? when(data.endedAt) : '—'}</dd>
            {data.error ? (
              <>
                <dt>Error</dt>
                <dd>{data.error}</dd>
              </>
            ) : null}
          </dl>
          {data.kind !== 'training' ? (
            <div className="ga-promptbar-row">
              {data.status === 'IN_PROGRESS' ? (
                <button
                  type="button"
                  className="st-btn st-btn-secondary"
                  disabled={action.isPending}
                  onClick={() => run({ kind: 'cancel', jobId })}
                >
                  Cancel job
                </button>
              ) : null}
              {ENDED_WITH_FAILURES.has(data.status) && data.sections.some((s) => s.status !== 'COMPLETED') ? (
                <button
                  type="button"
                  className="st-btn st-btn-primary"
                  disabled={action.isPending}
                  onClick={() => run({ kind: 'retry', jobId })}
                >
                  Retry failed sections at no charge
                </button>
              ) : null}
            </div>
          ) : null}
          {data.sections.length > 0 ? (
            <div className="ga-jobs-scroll">
              <table className="ga-jobs-table">
                <caption>Sections</caption>
                <thead>
                  <tr>
                    <th scope="col">Section</th>
                    <th scope="col">Status</th>
                    <th scope="col">Credits</th>
                    <th scope="col">Error</th>
                    <th scope="col">
                      <span className="ga-visually-hidden">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.sections.map((s) => (
                    <tr key={s.id}>
                      <td>{s.name}</td>
                      <td>
                        {s.status}
                        {s.step ? ` · ${s.step}` : ''}
                      </td>
                      <td>
                        {s.credits}
                        {s.refunded ? ' · refunded' : ''}
                      </td>
                      <td>{s.error ?? '—'}</td>
                      <td>
                        {refundable(s) ? (
                          <button
                            type="button"
                            className="st-btn st-btn-secondary"
                            aria-label={`Refund ${s.name}`}
                            disabled={action.isPending}
                            onClick={() => run({ kind: 'refund', jobId, sectionId: s.id })}
                          >
                            Refund
                          </button>
                        ) : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
          <DataTable caption="Steps" columns={['Step', 'Took', 'Error']}>
            {data.steps.length === 0 ? (
              <tr>
                <td colSpan={3}>{data.stepsError ?? 'No step recorded yet.'}</td>
              </tr>
            ) : (
              data.steps.map((step, i) => (
                <tr key={i}>
                  <td>{step.name}</td>
                  <td>{seconds(step.durationMs)}</td>
                  <td>{step.error ? 'Failed' : '—'}</td>
                </tr>
              ))
            )}
          </DataTable>
          <DataTable caption="Ledger" columns={['Entry', 'Credits', 'Description']}>
            {data.ledger.length === 0 ? (
              <tr>
                <td colSpan={3}>No credits moved for this job.</td>
              </tr>
            ) : (
              data.ledger.map((t) => (
                <tr key={t.id}>
                  <td>{t.transaction_type}</td>
                  <td>{t.amount > 0 ? `+${t.amount}` : t.amount}</td>
                  <td>{t.description}</td>
                </tr>
              ))
            )}
          </DataTable>
          {data.audit.length > 0 ? (
            <section aria-label="Admin actions">
              <h3 className="ga-job-h3">Admin actions</h3>
              <ul>
                {data.audit.map((a, i) => (
                  <li key={i}>
                    {when(a.at)}: {a.action}
                    {a.sectionId ? ` (${a.sectionId})` : ''} by {a.adminEmail}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>
      )}
    </Dialog>
  );
}
