/**
 * The welcome flow's server calls (spec 1 §4): each of its runs is a generation from the welcome
 * canvas, sent through the remote's one generation call (same route, same time limit).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GeneratedImage } from '@studio/contracts';
import { offerUpgrade } from '@studio/session';
import { sessionQueryKeys } from '@studio/session/query';
import { galleryKeys } from '../../lib/query-keys.ts';
import { generateImages } from '../../shared/generation/api.ts';
import { composeWelcomeCanvas } from './canvas.ts';

/** One run of the welcome flow: a mode, how many images, and its fixed prompt. */
export interface WelcomeRun {
  mode: string;
  imageCount: number;
  prompt: string;
}

export const generateWelcomeImages = (userId: string, run: WelcomeRun, canvas: Blob) =>
  generateImages({
    fields: {
      prompt: run.prompt,
      mode: run.mode,
      imageCount: String(run.imageCount),
      aspectRatio: '16:9',
      userId,
      requestId: crypto.randomUUID(),
    },
    image: new File([canvas], 'welcome.png', { type: canvas.type }),
  });

/** The welcome flow as sent: the product photo, the runs, and what to do as each run begins and ends. */
export interface WelcomeInput {
  userId: string;
  file: File;
  runs: readonly WelcomeRun[];
  onRun: (step: number) => void;
  onImages: (images: GeneratedImage[]) => void;
}

/**
 * The welcome flow: the photo on the welcome canvas, then each run in turn. Whatever happens the
 * gallery (the images made so far) and the balance are read again.
 */
export function useWelcomeGeneration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ userId, file, runs, onRun, onImages }: WelcomeInput) => {
      const canvas = await composeWelcomeCanvas(file);
      for (const [i, run] of runs.entries()) {
        onRun(i + 1);
        onImages((await generateWelcomeImages(userId, run, canvas)).images);
      }
    },
    onError: (error) => void offerUpgrade(error, 'generate your first images'),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: galleryKeys.all });
      void queryClient.invalidateQueries({ queryKey: sessionQueryKeys.credits });
    },
  });
}
