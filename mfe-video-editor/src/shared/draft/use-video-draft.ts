import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { useQueryClient } from '@tanstack/react-query';
import { DEFAULT_VIDEO_MODEL, Messages, videoStarted, type JobView, type VideoModelId } from '@studio/contracts';
import { ApiError, errorText, userAtom } from '@studio/session';
import { sessionQueryKeys } from '@studio/session/query';
import { useBanner } from '@studio/ui';
import { isShortOfCredits, useUpgradeOffer } from '../UpgradeSlot.tsx';
import { useStartVideo } from './api.ts';
import { useClearAfter } from './use-clear-after.ts';

/** What every section of either editor has: an id, and the file to upload when its image is one. */
export interface DraftSection {
  id: string;
  imageFile: File | null;
}

/**
 * The start request an editor builds from its sections, or the spec's refusal (spec 2 §5) when it
 * cannot. `sections`: the sections whose files it uploads, in `sectionsJson`'s order, when they are
 * not the draft's own (a hook's alternatives go too).
 */
export type StartRequest = { sectionsJson: unknown[]; fields: Record<string, string | number>; sections?: DraftSection[] } | string;

/**
 * A video being made, as both editors keep it (spec 2 §2–§5): the sections, the model, starting the
 * job (its refusals in the spec's words; a short balance opens the upgrade dialog), the started
 * banner, and the running job until it ends. The credits are re-read after anything that spends them.
 */
export function useVideoDraft<S extends DraftSection>(initialSections: () => S[], options: { onFinished?: (job: JobView) => void } = {}) {
  const user = useAtomValue(userAtom);
  const queryClient = useQueryClient();
  const [sections, setSections] = useState<S[]>(initialSections);
  const [model, setModel] = useState<VideoModelId>(DEFAULT_VIDEO_MODEL);
  const [jobId, setJobId] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  // The editor's own refusals (spec 2 §5); a start the server refused says the mutation's error.
  const [problem, setProblem] = useState<string | null>(null);
  const startVideo = useStartVideo();
  const starting = startVideo.isPending;
  const refused = startVideo.error;
  // A short balance is the upgrade dialog's to say (spec 2 §6), not the inline error's.
  const error =
    problem ??
    (refused && !isShortOfCredits(refused)
      ? refused instanceof ApiError && refused.status === 429
        ? Messages.videoInProgress
        : errorText(refused, Messages.failedToStartVideo)
      : null);
  // Each refusal counts, so the same one again shows its full 5 s.
  const [refusals, setRefusals] = useState(0);
  const setError = (message: string | null) => {
    startVideo.reset();
    setProblem(message);
    if (message) setRefusals((n) => n + 1);
  };
  useClearAfter(error && `${refusals}:${error}`, () => setError(null));
  const { banner, show } = useBanner();
  const upgrade = useUpgradeOffer();

  const refreshCredits = () => void queryClient.invalidateQueries({ queryKey: sessionQueryKeys.credits });
  const patch = (id: string, change: Partial<S>) => setSections((all) => all.map((s) => (s.id === id ? { ...s, ...change } : s)));

  const start = (build: (userId: string) => StartRequest) => {
    if (starting || running) return;
    setError(null);
    if (!user) return setError(Messages.videoSignIn);
    const request = build(user.id);
    if (typeof request === 'string') return setError(request);
    startVideo.mutate(
      { sections, ...request },
      {
        onSuccess: (started) => {
          setJobId(started.jobId);
          setRunning(true);
          show('success', videoStarted(started.jobId));
        },
        onError: (e) => void upgrade.offer(e, 'generate this video'),
      },
    );
  };

  return {
    user,
    sections,
    setSections,
    patch,
    model,
    setModel,
    error,
    setError,
    banner,
    refreshCredits,
    /** Starting or running: Generate waits. */
    busy: starting || running,
    start,
    /** The props of the job's panel. */
    job: {
      jobId,
      onJobChange: () => setRunning(true),
      onFinished: (job: JobView) => {
        setRunning(false);
        refreshCredits();
        options.onFinished?.(job);
      },
      onRetryRefused: (error: unknown) => void upgrade.offer(error, 'retry the failed sections'),
    },
    upgrade: upgrade.slot,
    /** Opens the upgrade dialog when a charged call was refused for a short balance; says whether it did. */
    offerUpgrade: upgrade.offer,
  };
}
