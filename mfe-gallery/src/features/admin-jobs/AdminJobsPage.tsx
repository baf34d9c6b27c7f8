import { useState, type FormEvent } from 'react';
import { useAtomValue } from 'jotai';
import { ADMIN_JOB_KINDS, ADMIN_JOB_STATUSES, Messages, type AdminJob } from '@studio/contracts';
import { errorText, isAdminAtom } from '@studio/session';
import { Alert, Spinner } from '@studio/ui';
import { useJobs, type JobFilters } from './api.ts';
import { JobDialog } from './JobDialog.tsx';
import { RenderersPanel } from './RenderersPanel.tsx';

export const KIND_LABELS: Record<AdminJob['kind'], string> = { multi_section: 'Video', animation: 'Animation', training: 'Training' };
const STATUS_LABEL = (status: string) => status.replace('_', ' ').toLowerCase();

/** When a job started, as an admin reads it across time zones: date and time to the minute, UTC. */
export const when = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

/**
 * The admins' jobs console: every video, animation and training job of every user,
 * newest first, filtered by status, kind, the user's e-mail or a job id; a job opens with its
 * sections, steps, ledger entries and the actions support takes.
 */
export function AdminJobsPage() {
  const isAdmin = useAtomValue(isAdminAtom);
  const [draft, setDraft] = useState<JobFilters>({});
  const [filters, setFilters] = useState<JobFilters>({});
  const [openId, setOpenId] = useState<string | null>(null);
  const jobs = useJobs(filters);
  if (!isAdmin) return <Alert tone="error">{Messages.adminAccessDenied}</Alert>;

  const search = (event: FormEvent) => {
    event.preventDefault();
    setFilters({ ...draft, email: draft.email?.trim() || undefined, jobId: draft.jobId?.trim() || undefined });
  };
  const set = (change: Partial<JobFilters>) => setDraft((d) => ({ ...d, ...change }));
  const list = jobs.data?.pages.flatMap((p) => p.jobs) ?? [];

  return (
    <div className="ga-page">
      <header>
        <h1 className="ga-h1">Jobs</h1>
        <p className="ga-sub">Every video, animation and training job of every user, newest first.</p>
      </header>
      <RenderersPanel />
      <form className="ga-jobs-filters" role="search" aria-label="Find jobs" onSubmit={search}>
        <label className="ga-jobs-field">
          <span>Status</span>
          <select value={draft.status ?? ''} onChange={(e) => set({ status: (e.target.value || undefined) as JobFilters['status'] })}>
            <option value="">Any</option>
            {ADMIN_JOB_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABEL(s)}
              </option>
            ))}
          </select>
        </label>
        <label className="ga-jobs-field">
          <span>Kind</span>
          <select value={draft.kind ?? ''} onChange={(e) => set({ kind: (e.target.value || undefined) as JobFilters['kind'] })}>
            <option value="">Any</option>
            {ADMIN_JOB_KINDS.map((k) => (
              <option key={k} value={k}>
                {KIND_LABELS[k]}
              </option>
            ))}
          </select>
        </label>
        <label className="ga-jobs-field">
          <span>User e-mail</span>
          <input type="search" value={draft.email ?? ''} maxLength={320} onChange={(e) => set({ email: e.target.value })} />
        </label>
        <label className="ga-jobs-field">
          <span>Job ID</span>
          <input type="search" value={draft.jobId ?? ''} maxLength={100} onChange={(e) => set({ jobId: e.target.value })} />
        </label>
        <button type="submit" className="st-btn st-btn-primary">
          Search
        </button>
      </form>
      {jobs.isPending ? (
        <Spinner label="Loading jobs" />
      ) : jobs.isError ? (
        <Alert tone="error">{errorText(jobs.error, 'The jobs could not be loaded. Please try again.')}</Alert>
      ) : list.length === 0 ? (
        <p className="ga-empty">No job matches.</p>
      ) : (
        <div className="ga-jobs-scroll">
          <table className="ga-jobs-table">
            <caption className="ga-visually-hidden">Jobs, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Job</th>
                <th scope="col">User</th>
                <th scope="col">Kind</th>
                <th scope="col">Status</th>
                <th scope="col">Sections done / failed</th>
                <th scope="col">Credits reserved / refunded</th>
                <th scope="col">Engine</th>
                <th scope="col">Started</th>
              </tr>
            </thead>
            <tbody>
              {list.map((job) => (
                <tr key={job.id}>
                  <td>
                    <button type="button" className="ga-jobs-open" aria-label={`Open job ${job.id}`} onClick={() => setOpenId(job.id)}>
                      {job.id.slice(0, 8)}
                    </button>
                  </td>
                  <td>{job.userEmail}</td>
                  <td>{KIND_LABELS[job.kind]}</td>
                  <td>
                    <span className="ga-jobs-status" data-status={job.status}>
                      {STATUS_LABEL(job.status)}
                    </span>
                    {job.step ? <span className="ga-jobs-step"> · {job.step}</span> : null}
                  </td>
                  <td>{job.kind === 'training' ? '—' : `${job.sectionsDone} / ${job.sectionsFailed} of ${job.sectionsTotal}`}</td>
                  <td>{job.kind === 'training' ? '—' : `${job.creditsReserved} / ${job.creditsRefunded}`}</td>
                  <td>{job.engine}</td>
                  <td>{when(job.startedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {jobs.hasNextPage ? (
        <button
          type="button"
          className="st-btn st-btn-secondary ga-jobs-more"
          disabled={jobs.isFetchingNextPage}
          onClick={() => void jobs.fetchNextPage()}
        >
          {jobs.isFetchingNextPage ? 'Loading…' : 'Load more'}
        </button>
      ) : null}
      {openId ? <JobDialog jobId={openId} onClose={() => setOpenId(null)} /> : null}
    </div>
  );
}
