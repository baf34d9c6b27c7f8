/** The training calls. */
import { TrainingRoutes, type TrainedModelKind, type TrainedModelListResponse, type TrainedModelResponse } from '@studio/contracts';
import { apiFetch } from '@studio/session';

/** Uploading a few photos takes longer than an ordinary call. */
const UPLOAD_TIMEOUT_MS = 60_000;

export const listModels = (signal?: AbortSignal) => apiFetch<TrainedModelListResponse>(TrainingRoutes.models, { signal });

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
