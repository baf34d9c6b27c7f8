/**
 * The video editor remote on the local engine: a three-section ad built in the editor (two talking
 * sections and a product shot; captions, music, end card, two formats), watched through its progress
 * bars, played and downloaded; a section that fails (its stored input lost) ends in Partial Success
 * with its credits back, and Retry fixes it; a running job is cancelled; an image animated; the
 * simple editor's video. (With mfe-voices down, the editor still works: remote-offline.spec.ts.)
 */
import fs from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { amberBottlePhoto } from '../packages/media/test/image-fixtures.ts';
import { grantCredits, jobSectionImages, jobSettings, objectPath } from './support/database.ts';
import { FACE, LANDSCAPE, openEditor, section, silentSection } from './support/editor.ts';
import { creditsPill, signUpAndConfirm } from './support/studio.ts';

const credits = async (page: Page) => ((await (await page.request.get('/api/credits')).json()) as { credits: number }).credits;

/** Starts the job and answers its id (from the spec's banner). */
async function generate(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Generate Video', exact: true }).click();
  const banner = page.getByText(/^Video generation started! Job ID: /);
  await expect(banner).toBeVisible();
  return (await banner.textContent())!.replace('Video generation started! Job ID: ', '').trim();
}

test('a three-section ad (two talking, one product shot): audio generated and approved, captions, music, end card and two formats; progress shown; it plays and both formats download', async ({
  page,
  request,
}) => {
  // Its sections, the ad finishing and its second format render on the real engine, behind the
  // other specs on a loaded 2-core machine: minutes.
  test.setTimeout(300_000);
  const { email } = await signUpAndConfirm(page, request, { tag: 'video' });
  await grantCredits(email, 20);
  // A product of the user's, for the hook's product card.
  const bottle = await amberBottlePhoto();
  const added = await page.request.post('/api/products', {
    headers: { origin: new URL(page.url()).origin },
    multipart: { title: 'Amber serum', image_0: { name: 'serum.png', mimeType: 'image/png', buffer: bottle } },
  });
  expect(added.status(), await added.text()).toBe(200);
  await openEditor(page);
  await expect(page.getByRole('button', { name: 'Complete all sections' })).toBeDisabled();
  // The counter counts the blocks on screen, the empty one too.
  await expect(page.getByText('0 of 1 blocks approved')).toBeVisible();
  // The full-screen editor keeps the user menu and the credits; Exit sits in its bar, above the title.
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await expect(creditsPill(page)).toBeVisible();
  const exit = await page.getByRole('link', { name: 'Exit editor' }).boundingBox();
  const title = await page.getByRole('heading', { name: 'Talking-person video', level: 1 }).boundingBox();
  expect(exit!.y + exit!.height).toBeLessThanOrEqual(title!.y);

  const first = section(page, 'Section 1');
  await expect(first.getByText('Voice: UGC2 · stability 30% · similarity 80% · speed 1.00×')).toBeVisible();
  await first.getByRole('button', { name: 'Rename Section 1' }).click();
  await page.getByLabel('Section name').fill('Hook');
  await page.getByLabel('Section name').press('Enter');
  const hook = section(page, 'Hook');
  await hook.getByLabel('Upload an image for Hook').setInputFiles(FACE);
  // The section's own voice and sliders (spec 2 §2) come from mfe-voices, inside this remote.
  await hook.getByRole('button', { name: 'Change voice of Hook' }).click();
  const hookVoice = hook.getByRole('group', { name: 'Voice of Hook' });
  await expect(hookVoice.getByRole('radio', { name: /^UGC2/ })).toBeChecked();
  await hookVoice.getByRole('radio', { name: /^Adam/ }).check();
  await hookVoice.getByLabel('Speed').fill('1.25');
  await expect(hook.getByText('Voice: Adam · stability 30% · similarity 80% · speed 1.25×')).toBeVisible();
  await hook.getByRole('button', { name: 'Generate Audio' }).click();
  await expect(hook.getByText('Please enter text for this block first.')).toBeVisible();
  await hook.getByLabel('Script for Hook, block 1').fill('I tried this serum for a week. My skin has never looked better.');
  const asked = page.waitForRequest((r) => r.url().endsWith('/api/generate-audio'));
  await hook.getByRole('button', { name: 'Generate Audio' }).click();
  expect((await asked).postDataJSON()).toMatchObject({ voiceId: 'studioAdam01', stability: 0.3, similarityBoost: 0.8, speed: 1.25 });
  await expect(hook.getByLabel('Audio status of Hook, block 1')).toHaveText('Awaiting Approval', { timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Approve audio for all sections (1 pending)' })).toBeDisabled();
  await hook.getByRole('button', { name: 'Approve audio of Hook, block 1' }).click();
  await expect(page.getByText('1 of 1 blocks approved')).toBeVisible();
  // The product comes in on a card beside the speaker as "serum" is said.
  const cardField = hook.getByRole('group', { name: 'Product card of Hook' });
  await cardField.getByText('Products', { exact: true }).click();
  await cardField.getByRole('button', { name: 'Use Amber serum, view 1' }).click();
  await cardField.getByLabel('From the word').selectOption('serum');

  await page.getByRole('button', { name: 'Add Section' }).click();
  // A new section speaks in the voice of the one before it.
  await expect(section(page, 'Section 2').getByText('Voice: Adam · stability 30% · similarity 80% · speed 1.25×')).toBeVisible();
  const second = section(page, 'Section 2');
  await second.getByLabel('Upload an image for Section 2').setInputFiles(LANDSCAPE);
  await second.getByLabel('Script for Section 2, block 1').fill('Two drops a day.');
  await second.getByRole('button', { name: 'Generate Audio' }).click();
  await second.getByRole('button', { name: 'Approve audio of Section 2, block 1' }).click();

  // The third section is a product shot: the product's own photo in a set, orbiting, 3 s, nothing said over it.
  await page.getByRole('button', { name: 'Add Section' }).click();
  const shot = section(page, 'Section 3');
  await shot.getByRole('radio', { name: 'Product shot' }).check();
  await expect(shot.getByLabel('Video prompt')).toHaveCount(0);
  await shot.getByLabel('Upload an image for Section 3').setInputFiles({ name: 'bottle.png', mimeType: 'image/png', buffer: bottle });
  const shotFields = shot.getByRole('group', { name: 'Product shot of Section 3' });
  await shotFields.getByLabel('Set').selectOption({ label: 'Pastel podium' });
  await shotFields.getByLabel('Camera').selectOption({ label: 'Orbit' });
  await shotFields.getByLabel('Length').selectOption('3');
  await expect(page.getByText('2 of 3 blocks approved')).toBeVisible();

  // The finished ad: bold-pop captions (on by default), a bed of the library, the end card, and 1:1 beside 9:16.
  const ad = page.getByRole('region', { name: 'Finished ad' });
  await expect(ad.getByRole('radio', { name: 'Bold pop' })).toBeChecked();
  await ad.locator('.ve-music select').selectOption({ label: 'Still Water · calm' });
  await expect(ad.getByLabel('Play Still Water')).toBeVisible();
  await ad.getByRole('checkbox', { name: /End card/ }).check();
  await ad.getByRole('checkbox', { name: '1:1' }).check();
  await expect(
    ad.getByText('3 credits per section (2 formats: 2 for the first, 1 for each further one): 9 credits for 3 sections.'),
  ).toBeVisible();

  const before = await credits(page);
  const jobId = await generate(page);
  // The job has the hook's card and the product shot as chosen.
  const settings = await jobSettings(jobId);
  expect(Object.values(settings.productCards as object)).toMatchObject([{ atWord: 'serum' }]);
  expect(Object.values(settings.productShots as object)).toEqual([{ scene: 'pastel', motion: 'orbit' }]);
  await expect(page.getByRole('button', { name: 'Generating Video...' })).toBeDisabled();
  await expect(page.getByRole('progressbar', { name: 'Whole video' })).toBeVisible();
  expect(await credits(page)).toBe(before - 9);

  await expect(page.getByRole('heading', { name: 'Generation Complete' })).toBeVisible({ timeout: 240_000 });
  await expect(page.getByText('Videos generated successfully for 3 sections!')).toBeVisible();
  const video = page.getByLabel('Finished video');
  await expect(video).toHaveAttribute('src', /\/media\/assets\/.+\.mp4$/);
  expect(await video.evaluate((v: HTMLVideoElement) => ((v.muted = true), v.play().then(() => true)))).toBe(true);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(0);
  // The two talks cut tight, the 3 s product shot kept whole, the 2.5 s end card.
  const duration = await video.evaluate((v: HTMLVideoElement) => v.duration);
  expect(duration).toBeGreaterThan(8);
  await expect(page.getByLabel('Hook video')).toBeVisible();
  await expect(page.getByLabel('Section 3 video')).toBeVisible();
  expect(jobId).toMatch(/^[0-9a-f-]{36}$/);
  // The confirm dialog offers the gallery; staying, each format downloads from the results.
  const ready = page.getByRole('dialog', { name: 'Your video is ready' });
  await expect(ready.getByRole('button', { name: 'Go to Content' })).toBeVisible();
  await ready.getByRole('button', { name: 'Stay here' }).click();
  for (const [format, size] of [
    ['9:16', '720×1280'],
    ['1:1', '720×720'],
  ]) {
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: `Download ${format} (${size})` }).click();
    const file = await (await downloading).path();
    expect((await fs.stat(file)).size, format).toBeGreaterThan(10_000);
  }

  // Both formats are in the gallery, as one card of the job; its viewer switches between them.
  await page.goto('/app/videos');
  const card = page.getByRole('button', { name: /I tried this serum/ });
  await expect(card).toHaveCount(1);
  await expect(page.getByText('9:16 · 1:1')).toBeVisible();
  await card.click();
  const viewer = page.getByRole('dialog', { name: 'Video details' });
  const formatsGroup = viewer.getByRole('group', { name: 'Formats' });
  await expect(formatsGroup.getByRole('button', { name: '9:16' })).toHaveAttribute('aria-pressed', 'true');
  const portraitSrc = await viewer.locator('video').getAttribute('src');
  await formatsGroup.getByRole('button', { name: '1:1' }).click();
  await expect(formatsGroup.getByRole('button', { name: '1:1' })).toHaveAttribute('aria-pressed', 'true');
  await expect(viewer.locator('video')).not.toHaveAttribute('src', portraitSrc!);
});

test('a section that fails ends in Partial Success with its credits back; Retry renders only it', async ({ page, request }) => {
  test.setTimeout(180_000);
  const { email } = await signUpAndConfirm(page, request, { tag: 'video-partial' });
  await grantCredits(email, 20);
  await openEditor(page);
  await silentSection(page, 'Section 1', LANDSCAPE);
  await page.getByRole('button', { name: 'Add Section' }).click();
  await silentSection(page, 'Section 2', FACE);
  // Sections render one at a time here: the first takes a few seconds.
  const jobId = await generate(page);
  // The second section's stored input is lost before it renders (as a storage fault would).
  const [, second] = await jobSectionImages(jobId);
  const stored = objectPath(second!);
  await fs.rename(stored, `${stored}.lost`);

  await expect(page.getByRole('heading', { name: 'Partial Success' })).toBeVisible({ timeout: 120_000 });
  await expect(page.getByText('Partial success: 1 video generated successfully!')).toBeVisible();
  const failed = page.getByRole('listitem').filter({ hasText: 'Section 2' });
  await expect(failed.getByText(/^Failed to generate this section: /)).toBeVisible();
  await expect(failed.getByText('Not charged: 2 credits refunded.')).toBeVisible();
  await expect(failed.getByText('For video failures, check that images are valid and under 10 MB.')).toBeVisible();
  expect(await credits(page)).toBe(20 + 20 - 2);

  await fs.rename(`${stored}.lost`, stored);
  await page.getByRole('dialog', { name: 'Your video is ready' }).getByRole('button', { name: 'Stay here' }).click();
  await page.getByRole('button', { name: 'Retry failed sections' }).click();
  await expect(page.getByRole('heading', { name: 'Generation Complete' })).toBeVisible({ timeout: 120_000 });
  expect(await credits(page)).toBe(20 + 20 - 4);
  // The confirm dialog offers the gallery, where the video now is.
  await page.getByRole('dialog', { name: 'Your video is ready' }).getByRole('button', { name: 'Go to Content' }).click();
  await expect(page).toHaveURL(/\/app\/images$/);
});

test('cancelling a running job gives back its unfinished sections', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { email } = await signUpAndConfirm(page, request, { tag: 'video-cancel' });
  await grantCredits(email, 20);
  await openEditor(page);
  await page.getByLabel('Duration (seconds, without speech)').selectOption('12');
  await silentSection(page, 'Section 1', LANDSCAPE);
  await page.getByRole('button', { name: 'Add Section' }).click();
  await silentSection(page, 'Section 2', LANDSCAPE);
  await generate(page);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('Video generation was cancelled. Unfinished sections were not charged.')).toBeVisible();
  await expect(page.getByText('Not charged: 2 credits refunded.').first()).toBeVisible();
  await expect.poll(() => credits(page)).toBeGreaterThanOrEqual(38);
  await expect(page.getByRole('button', { name: 'Retry failed sections' })).toBeVisible();
});

test('the media viewer animates an image into a video that lands in Videos', async ({ page, request }) => {
  test.setTimeout(120_000);
  await signUpAndConfirm(page, request, { tag: 'animate' });
  const made = await page.evaluate(async () => {
    const form = new FormData();
    form.set('prompt', 'a glass bottle of serum on travertine');
    form.set('aspectRatio', '1:1');
    return (await fetch('/api/generate-character-image', { method: 'POST', body: form })).status;
  });
  expect(made).toBe(200);
  await page.goto('/app/images');
  await page.getByRole('button', { name: 'a glass bottle of serum on travertine' }).click();
  const viewer = page.getByRole('dialog', { name: 'Image details' });
  await viewer.getByText('Animation options').click();
  await expect(viewer.getByText('5 s')).toBeVisible();
  await viewer.getByRole('slider', { name: 'Animation duration in seconds' }).fill('3');
  await expect(viewer.getByLabel('Aspect ratio')).toHaveValue('1:1');
  await viewer.getByRole('button', { name: 'Animate' }).click();
  await expect(viewer.getByText('The animation was added to your Videos.')).toBeVisible({ timeout: 90_000 });
  await page.goto('/app/videos');
  await expect(page.getByRole('button', { name: 'a glass bottle of serum on travertine' })).toBeVisible();
});

test('the simple editor: its own messages, a section image from a description, audio from the script, a finished video', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await signUpAndConfirm(page, request, { tag: 'simple-video', at: '/app/simple-video' });
  await expect(page.getByRole('heading', { name: 'Simple video', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Remove Section 1' }).click();
  await expect(page.getByText('Cannot remove the last section')).toBeVisible();
  await page.getByRole('button', { name: 'Generate Video' }).click();
  await expect(page.getByText('Please upload or generate images for all sections')).toBeVisible();

  const card = section(page, 'Section 1');
  await card.getByRole('button', { name: 'Generate image' }).click();
  await expect(card.getByText('Please enter an image description')).toBeVisible();
  await card.getByLabel('Or describe the image').fill('a jar of face cream on pink silk');
  await card.getByRole('button', { name: 'Generate image' }).click();
  await expect(card.getByRole('img', { name: 'Start of Section 1' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Generate Video' }).click();
  await expect(page.getByText('Please generate audio for all sections with scripts enabled')).toBeVisible();
  await card.getByLabel('Script').fill('Soft skin in one week.');
  await card.getByRole('button', { name: 'Generate Audio' }).click();
  await expect(card.getByLabel('Audio of Section 1')).toBeVisible({ timeout: 30_000 });
  await expect(card.getByRole('button', { name: 'Generate New Audio' })).toBeVisible();

  await page.getByRole('button', { name: 'Generate Video' }).click();
  await expect(page.getByText(/^Video generation started! Job ID: /)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Generation Complete' })).toBeVisible({ timeout: 90_000 });
  await expect(page.getByLabel('Finished video')).toHaveAttribute('src', /\.mp4$/);
  await page.getByRole('link', { name: 'Exit' }).click();
  await expect(page).toHaveURL(/\/app\/images$/);
});
