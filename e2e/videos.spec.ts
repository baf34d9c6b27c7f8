/**
 * The user's videos (spec 2 §2 media viewer, spec 1 §2 phone filter): a card on /app/videos opens
 * the media viewer, where the video plays and is downloaded or deleted; on a phone, /app/images lists
 * the videos too unless its Videos box is unchecked.
 */
import { expect, test, type Page } from '@playwright/test';
import { addVideo } from './support/database.ts';
import { signUpAndConfirm } from './support/studio.ts';

const PROMPT = 'serum bottle turning on a marble plinth';

/** The video plays in the viewer: muted (autoplay rules), its time moves on. */
async function expectPlays(page: Page): Promise<void> {
  const viewer = page.getByRole('dialog', { name: 'Video details' });
  const video = viewer.getByLabel(`Video: ${PROMPT}`);
  await expect(video).toHaveAttribute('src', /\/media\/assets\/.+\.mp4$/);
  await expect(video).toHaveAttribute('controls', '');
  expect(await video.evaluate((v: HTMLVideoElement) => ((v.muted = true), v.play().then(() => true)))).toBe(true);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(0);
}

test('a video card opens the viewer: the video plays, downloads as an MP4, and Delete removes it after a confirmation', async ({
  page,
  request,
}) => {
  const { email } = await signUpAndConfirm(page, request, { tag: 'videos' });
  await addVideo(email, PROMPT);
  await page.goto('/app/videos');
  await page.getByRole('button', { name: PROMPT }).click();
  const viewer = page.getByRole('dialog', { name: 'Video details' });
  await expect(viewer).toBeVisible();
  await expectPlays(page);
  // Only what applies to a video: no upscale or edit of a video.
  await expect(viewer.getByRole('button', { name: 'Upscale' })).toHaveCount(0);
  await expect(viewer.getByRole('button', { name: 'Create Video With Sound' })).toBeVisible();

  const download = page.waitForEvent('download');
  await viewer.getByRole('button', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toMatch(/^studio-[0-9a-f]{8}\.mp4$/);

  await viewer.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this video?' });
  await expect(confirm.getByText('This cannot be undone.')).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(viewer).toBeHidden();
  await expect(page.getByRole('button', { name: PROMPT })).toHaveCount(0);
  await expect(page.getByText('No videos yet.')).toBeVisible();
  // Gone on the server too, not only from the page.
  await page.reload();
  await expect(page.getByText('No videos yet.')).toBeVisible();
});

test('on a phone, the Videos filter of /app/images lists the user’s videos, which open in the viewer', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { email } = await signUpAndConfirm(page, request, { tag: 'phone-videos' });
  await addVideo(email, PROMPT);
  await page.goto('/app/images');
  const card = page.getByRole('button', { name: PROMPT });
  await expect(card).toBeVisible();
  await page.getByRole('checkbox', { name: 'Images' }).uncheck();
  await expect(card).toBeVisible();
  await card.click();
  await expectPlays(page);
  await page.getByRole('button', { name: 'Close viewer' }).click();
  await page.getByRole('checkbox', { name: 'Videos' }).click();
  // Unchecking both shows both again (spec 1 §2).
  await expect(page.getByRole('checkbox', { name: 'Images' })).toBeChecked();
  await expect(card).toBeVisible();
  await page.getByRole('checkbox', { name: 'Videos' }).uncheck();
  await expect(card).toHaveCount(0);

  // A new video from it: a voice, then the simple editor, starting from the video's picture.
  await page.getByRole('checkbox', { name: 'Videos' }).check();
  await card.click();
  await page.getByRole('dialog', { name: 'Video details' }).getByRole('button', { name: 'Create Video With Sound' }).click();
  await page
    .getByRole('dialog', { name: 'Create a video with sound' })
    .getByRole('button', { name: 'Continue to the video editor' })
    .click();
  await expect(page).toHaveURL(/\/app\/simple-video$/);
  await expect(page.getByRole('heading', { name: 'Simple video', level: 1 })).toBeVisible();
  const picture = page.locator('img[src*="/media/thumbs/"]').first();
  await expect(picture).toBeVisible();
  expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
});
