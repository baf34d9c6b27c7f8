/** The jobs console's calls: the list and a job, the renderers, and the admin's three actions. */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AdminJobRoutes,
  adminJobPath,
  type AdminJobDetail,
  type AdminJobsQuery,
  type AdminJobsResponse,
  type AdminRenderersResponse,
} from '@studio/contracts';
import { apiFetch } from '@studio/session';
import { galleryKeys } from '../../lib/query-keys.ts';

/** The list's filters as the form holds them (blank: any). */
export type JobFilters = Omit<AdminJobsQuery, 'cursor'>;

export function fetchJobs(filters: JobFilters, cursor: string | null, signal?: AbortSignal) {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value) query.set(name, value);
  if (cursor) query.set('cursor', cursor);
  return apiFetch<AdminJobsResponse>(`${AdminJobRoutes.list}?${query}`, { signal });
}

/** Every job matching the filters, newest first, a page at a time. */
export const useJobs = (filters: JobFilters) =>
  useInfiniteQuery({
    queryKey: galleryKeys.adminJobs(filters),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => fetchJobs(filters, pageParam, signal),
    getNextPageParam: (last) => last.nextCursor,
  });

export const fetchJob = (jobId: string, signal?: AbortSignal) =>
  apiFetch<AdminJobDetail>(adminJobPath(AdminJobRoutes.one, jobId), { signal });

/** One job; read again every 3 s while it runs. */
export const useJob = (jobId: string) =>
  useQuery({
    queryKey: galleryKeys.adminJob(jobId),
    queryFn: ({ signal }) => fetchJob(jobId, signal),
    refetchInterval: (query) => (query.state.data?.status === 'IN_PROGRESS' || query.state.data?.status === 'QUEUED' ? 3000 : false),
  });

export type JobAction = { kind: 'cancel' | 'retry'; jobId: string } | { kind: 'refund'; jobId: string; sectionId: string };

export function runJobAction(action: JobAction) {
  const path =
    action.kind === 'refund'
      ? adminJobPath(AdminJobRoutes.refund, action.jobId, action.sectionId)
      : adminJobPath(action.kind === 'cancel' ? AdminJobRoutes.cancel : AdminJobRoutes.retry, action.jobId);
  return apiFetch<{ success: true; message: string }>(path, { method: 'POST', json: {} });
}

/** An admin's action on a job; the console's lists and the job are read again after it. */
export function useJobAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runJobAction,
    onSettled: () => queryClient.invalidateQueries({ queryKey: galleryKeys.adminJobsAll }),
  });
}

/** The render queues' depths and the workers, read again every 5 s while the console is open. */
export const useRenderers = () =>
  useQuery({
    queryKey: galleryKeys.adminRenderers,
    queryFn: ({ signal }) => apiFetch<AdminRenderersResponse>(AdminJobRoutes.renderers, { signal }),
    refetchInterval: 5000,
  });
