/**
 * The training calls. The list of trained models is the shared `useTrainedModels()`: the prompt
 * bar's Models menu (mfe-gallery) reads the same models, and a trained character is one of the
 * user's characters (the prompt bar's Character menu, the voice picker), so every change here
 * invalidates those shared keys and they refresh wherever they are on screen.
 */
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { TrainingRoutes, type TrainedModelKind, type TrainedModelResponse } from '@studio/contracts';
import { ApiError, apiFetch, requestUpgrade } from '@studio/session';
import { sessionQueryKeys } from '@studio/session/query';

export { useTrainedModels } from '@studio/session/query';

/** Uploading a few photos takes longer than an ordinary call. */
const UPLOAD_TIMEOUT_MS = 60_000;

/** A model to train: its kind, its name and its photos. */
export interface TrainingInput {
  kind: TrainedModelKind;
  name: string;
  files: File[];
}

export function startTraining({ kind, name, files }: TrainingInput) {
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

export const shareModel = ({ id, isShared }: { id: string; isShared: boolean }) =>
  apiFetch<TrainedModelResponse>(`${TrainingRoutes.models}/${id}`, { method: 'PATCH', json: { isShared } });

export const deleteModel = (id: string) => apiFetch(`${TrainingRoutes.models}/${id}`, { method: 'DELETE' });

/**
 * Every reader of what a model change touches: the trained models (both lists), the characters (a
 * character is created with its training) and the gallery's lists (the Styles page, shared styles).
 */
const afterModelChange = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: sessionQueryKeys.trainedModels }),
    queryClient.invalidateQueries({ queryKey: sessionQueryKeys.charactersAll }),
    queryClient.invalidateQueries({ queryKey: sessionQueryKeys.gallery }),
  ]);

/** Starts training (Pro and Unlimited; anyone else is offered the plans). */
export function useStartTraining() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startTraining,
    onSuccess: () => afterModelChange(queryClient),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 402) requestUpgrade();
    },
  });
}

/** Shares a ready style with the community, or stops sharing it. */
export function useShareModel() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: shareModel, onSuccess: () => afterModelChange(queryClient) });
}

/** Deletes a trained model (and, for a character, what lists it). */
export function useDeleteModel() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteModel, onSuccess: () => afterModelChange(queryClient) });
}
