/** A running job's calls (spec 2 §7): its status, its event stream, cancel and retry. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiRoutes, type JobStatusResponse, type StartJobResponse } from '@studio/contracts';
import { apiFetch } from '@studio/session';
import { sessionQueryKeys } from '@studio/session/query';

export const jobStatus = (jobId: string) => apiFetch<JobStatusResponse>(`${ApiRoutes.jobStatus}/${jobId}`);
export const cancelJob = (jobId: string) => apiFetch<JobStatusResponse>(`${ApiRoutes.jobs}/${jobId}/cancel`, { method: 'POST' });
export const retryJob = (jobId: string) => apiFetch<StartJobResponse>(`${ApiRoutes.jobs}/${jobId}/retry`, { method: 'POST' });
export const jobEventsUrl = (jobId: string) => `${ApiRoutes.jobStatus}/${jobId}/events`;

/** Cancels the running job (its unused credits come back when it ends, read again then). */
export const useCancelJob = () => useMutation({ mutationFn: cancelJob });

/** Runs the failed sections again; their credits are reserved again, so the balance is read again. */
export function useRetryJob() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: retryJob, onSuccess: () => void queryClient.invalidateQueries({ queryKey: sessionQueryKeys.credits }) });
}
