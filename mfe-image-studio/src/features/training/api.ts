/** The training calls. */
import { useQuery } from '@tanstack/react-query';
import { TrainingRoutes, type TrainedModelKind, type TrainedModelListResponse, type TrainedModelResponse } from '@studio/contracts';
import { apiFetch } from '@studio/session';
import { imageStudioKeys } from '../../lib/query-keys.ts';

/** Uploading a few photos takes longer than an ordinary call. */
const UPLOAD_TIMEOUT_MS = 60_000;

/** How often the list is read again while a model trains. */
const POLL_MS = 1500;

export const listModels = (signal?: AbortSignal) => apiFetch<TrainedModelListResponse>(TrainingRoutes.models, { signal });

/** The user's trained models, read again every `POLL_MS` while one is queued or training. */
export const useTrainedModels = () =>
  useQuery({
    queryKey: imageStudioKeys.models(),
    queryFn: ({ signal }) => listModels(signal),
    refetchInterval: (query) => (query.state.data?.models.some((m) => m.status === 'queued' || m.status === 'training') ? POLL_MS : false),
  });

export function startTraining(kind: TrainedModelKind, name: string, files: File[]) {
  const form = new FormData();
  form.set('kind', kind);
  form.set('name', name);
  files.forEach((file, i) => form.set(`image_${i}`, file));
  return apiFetch<TrainedModelResponse>(TrainingRoutes.models, {
    method: 'POST',
    body: form,
    signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS),
  });
}

export const shareModel = (id: string, isShared: boolean) =>
  apiFetch<TrainedModelResponse>(`${TrainingRoutes.models}/${id}`, { method: 'PATCH', json: { isShared } });

export const deleteModel = (id: string) => apiFetch(`${TrainingRoutes.models}/${id}`, { method: 'DELETE' });
