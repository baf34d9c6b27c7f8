/** A running job's calls (spec 2 §7): its status, its event stream, cancel and retry. */
import { ApiRoutes, type JobStatusResponse, type StartJobResponse } from '@studio/contracts';
import { apiFetch } from '@studio/session';

export const jobStatus = (jobId: string) => apiFetch<JobStatusResponse>(`${ApiRoutes.jobStatus}/${jobId}`);
export const cancelJob = (jobId: string) => apiFetch<JobStatusResponse>(`${ApiRoutes.jobs}/${jobId}/cancel`, { method: 'POST' });
export const retryJob = (jobId: string) => apiFetch<StartJobResponse>(`${ApiRoutes.jobs}/${jobId}/retry`, { method: 'POST' });
export const jobEventsUrl = (jobId: string) => `${ApiRoutes.jobStatus}/${jobId}/events`;
