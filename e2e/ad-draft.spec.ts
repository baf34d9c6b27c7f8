/**
 * An ad drafted from a product (issue 40 §3): Products' "Make an ad" writes the plan from the
 * product's words and opens the editor with it as its draft — hook, problem, product shot (the
 * product's photo), benefit (the product's card) and call to action, the two other hooks as the
 * hook's alternatives — every field editable and saved as a project like any draft; then the three
 * hooks are generated as one job, compared side by side and one downloaded.
 */
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { AdDraftMessages } from '@studio/contracts';
import sharp from 'sharp';
import { expectNoSeriousViolations } from './support/axe.ts';
import { grantCredits } from './support/database.ts';
import { signUpAndConfirm } from './support/studio.ts';

const require = createRequire(import.meta.url);
const FACE = path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo/sample2.jpg');

const section = (page: Page, name: string) => page.getByRole('article', { name });
const script = (page: Page, name: string) => section(page, name).getByLabel(`Script for ${name}, block 1`);
const PLAN = ['Hook 1: Question', 'Problem', 'Product shot', 'Benefit', 'Call to action'];
const OTHER_HOOKS = ['Hook 2: Bold claim', 'Hook 3: Confession'];
const credits = async (page: Page) => ((await (await page.request.get('/api/credits')).json()) as { credits: number }).credits;

/**
 * Adds a product by upload on the Products page, then Make an ad with these words (and, when given,
 * a photo uploaded as the presenter): the editor opens with the draft.
 */
async function draftAd(page: Page, title: string, words: string, presenter?: string) {
  const photo = await sharp({ create: { width: 300, height: 400, channels: 3, background: '#d9822b' } })
    .png()
    .toBuffer();
  await page.getByLabel('New product name').fill(title);
  await page.locator('input[type=file][multiple]').setInputFiles({ name: 'serum.png', mimeType: 'image/png', buffer: photo });
  await page.getByRole('button', { name: 'Add product' }).click();
  const product = page.getByRole('listitem', { name: title });
  await product.getByRole('button', { name: `Make an ad for ${title}` }).click();
  await product.getByLabel(AdDraftMessages.describe).fill(words);
  const presenters = product.getByRole('group', { name: AdDraftMessages.presenter });
  await expect(presenters.getByRole('radio', { name: AdDraftMessages.presenterLater })).toBeChecked();
  if (presenter) {
    await presenters.getByLabel(AdDraftMessages.presenterUpload).setInputFiles(presenter);
    await expect(presenters.getByRole('radio', { name: 'Your upload' })).toBeChecked();
    await expectNoSeriousViolations(page, 'Make an ad with a presenter chosen', '.ga-make-ad');
  }
  await product.getByRole('button', { name: 'Draft the ad' }).click();
  await expect(page.getByRole('heading', { name: 'Talking-person video', level: 1 })).toBeVisible();
}

test('Make an ad on a product opens the editor with the drafted plan, every part written from its words', async ({ page, request }) => {
  test.setTimeout(90_000);
  await signUpAndConfirm(page, request, { tag: 'ad-draft', at: '/app/products' });
  await draftAd(page, 'Amber Serum', 'A lightweight vitamin C serum that brightens dull skin. Fades dark spots in four weeks.');

  // The editor opens with the plan, says how it was written, and keeps it as a project at once.
  await expect(page.getByRole('heading', { name: 'Talking-person video', level: 1 })).toBeVisible();
  const note = page.getByRole('status').filter({ hasText: 'Drafted offline' });
  await expect(note).toBeVisible();
  // No presenter was chosen in Make an ad: the note says what is left to add.
  await expect(note).toContainText(AdDraftMessages.presenterNeeded);
  await expect(page).toHaveURL(/\/app\/editor\?project=[0-9a-f-]{36}/);
  await expect(page.getByRole('article')).toHaveCount(PLAN.length + OTHER_HOOKS.length);
  for (const name of PLAN) await expect(section(page, name)).toBeVisible();
  // The other hooks wait below the plan as the hook's alternatives.
  const alternatives = page.getByRole('region', { name: 'Hook alternatives' });
  for (const name of OTHER_HOOKS) await expect(alternatives.getByRole('article', { name })).toBeVisible();
  await expect(script(page, 'Hook 2: Bold claim')).toHaveValue('I did not expect Amber Serum to change my routine this much.');
  await expect(script(page, 'Hook 1: Question')).toHaveValue('Still looking for something that actually brightens dull skin?');
  await expect(script(page, 'Call to action')).toHaveValue(/Amber Serum/);
  await expect(section(page, 'Product shot').getByRole('img', { name: 'Start of Product shot' })).toBeVisible();
  await expect(section(page, 'Benefit').getByRole('img', { name: 'The product on the card' })).toBeVisible();
  // The talking sections still need their presenter and approved audio: Generate says so.
  await expect(page.getByRole('button', { name: 'Complete all sections' })).toBeDisabled();

  // Every drafted field is the user's to change, and the change is kept.
  await script(page, 'Problem').fill('My skin looked tired every morning.');
  await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible();
  await page.reload();
  await expect(script(page, 'Problem')).toHaveValue('My skin looked tired every morning.');
  await expect(page.getByRole('article')).toHaveCount(PLAN.length + OTHER_HOOKS.length);
  // Writing a description there kept it with the product for the next draft.
  const saved = (await (await page.request.get('/api/products/list')).json()) as { items: { description: string }[] };
  expect(saved.items[0]!.description).toBe('A lightweight vitamin C serum that brightens dull skin. Fades dark spots in four weeks.');
});

test('draft from a product, generate its three hook variants as one job, compare them and download one', async ({ page, request }) => {
  test.setTimeout(150_000);
  const { email } = await signUpAndConfirm(page, request, { tag: 'ad-hooks', at: '/app/products' });
  await grantCredits(email, 20);
  // Who presents is chosen once, in Make an ad: every talking section, the other hooks too, shows them.
  await draftAd(page, 'Mint Bottle', 'An insulated steel bottle that keeps water cold for 24 hours.', FACE);
  await expect(page).toHaveURL(/project=/);
  for (const name of [...PLAN.filter((n) => n !== 'Product shot'), ...OTHER_HOOKS])
    await expect(section(page, name).getByRole('img', { name: `Start of ${name}` })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Drafted offline' })).not.toContainText(AdDraftMessages.presenterNeeded);
  // Veo 3 speaks the scripts itself: nothing is left to add.
  await page.getByLabel('Model').selectOption({ label: 'Veo 3' });
  const before = await credits(page);
  await page.getByRole('button', { name: 'Generate Video', exact: true }).click();
  await expect(page.getByText(/^Video generation started! Job ID: /)).toBeVisible();

  // Three hooks over four shared sections: seven sections, each made and charged once.
  await expect.poll(() => credits(page)).toBe(before - 2 * 7);
  const videos = page.getByRole('region', { name: 'Your videos, one per hook' });
  for (const hook of ['Hook 1: Question', ...OTHER_HOOKS]) {
    const card = videos.getByRole('listitem', { name: hook });
    await expect(card.getByRole('link', { name: `Download ${hook}`, exact: false }).first()).toBeVisible({ timeout: 120_000 });
    await expect(card.locator('video')).toHaveAttribute('src', /\.mp4/);
  }
  // The editor offers the gallery once the videos are made; this user stays to compare them.
  await page.getByRole('dialog', { name: 'Your video is ready' }).getByRole('button', { name: 'Stay here' }).click();
  const download = page.waitForEvent('download');
  await videos
    .getByRole('listitem', { name: 'Hook 2: Bold claim' })
    .getByRole('link', { name: /^Download Hook 2: Bold claim/ })
    .first()
    .click();
  const file = await (await download).path();
  const bytes = await fs.readFile(file);
  // An MP4 begins with its ftyp box.
  expect(bytes.subarray(4, 8).toString('latin1')).toBe('ftyp');
});
