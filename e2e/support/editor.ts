/** The talking-person editor (`/app/editor`, from mfe-video-editor), as the video specs drive it. */
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';

const demo = path.join(path.dirname(createRequire(import.meta.url).resolve('@vladmandic/face-api/package.json')), 'demo');
/** A portrait of one person. */
export const FACE = path.join(demo, 'sample2.jpg');
/** A landscape photo. */
export const LANDSCAPE = path.join(demo, 'sample1.jpg');

/** Opens the editor (full screen, from mfe-video-editor). */
export async function openEditor(page: Page) {
  await page.goto('/app/editor');
  await expect(page.getByRole('heading', { name: 'Talking-person video', level: 1 })).toBeVisible();
}

/** A section of the editor, by its name. */
export const section = (page: Page, name: string) => page.getByRole('article', { name });

/** A section with only camera motion: an image and "Video only". */
export async function silentSection(page: Page, name: string, image: string) {
  const card = section(page, name);
  await card.getByLabel(`Upload an image for ${name}`).setInputFiles(image);
  await card.getByRole('radio', { name: 'Video only (no audio)' }).check();
}
