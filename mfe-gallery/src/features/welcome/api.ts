/**
 * The welcome flow's server call (spec 1 §4): each of its runs is a generation from the welcome
 * canvas, sent through the images feature's one generation call (same route, same time limit).
 */
import { generateImages } from '../images/api.ts';

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
