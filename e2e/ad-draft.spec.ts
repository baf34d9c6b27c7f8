/**
 * An ad drafted from a product (issue 40 §3): Products' "Make an ad" writes the plan from the
 * product's words and opens the editor with it as its draft — hook, problem, product shot (the
 * product's photo), benefit (the product's card) and call to action — every field editable and
 * saved as a project like any draft.
 */
import { expect, test, type Page } from '@playwright/test';
import { AdDraftMessages } from '@studio/contracts';
import sharp from 'sharp';
import { signUpAndConfirm } from './support/studio.ts';

const section = (page: Page, name: string) => page.getByRole('article', { name });
const script = (page: Page, name: string) => section(page, name).getByLabel(`Script for ${name}, block 1`);
const PLAN = ['Hook 1: Question', 'Problem', 'Product shot', 'Benefit', 'Call to action'];

test('Make an ad on a product opens the editor with the drafted plan, every part written from its words', async ({ page, request }) => {
  test.setTimeout(90_000);
  await signUpAndConfirm(page, request, { tag: 'ad-draft', at: '/app/products' });
  const photo = await sharp({ create: { width: 300, height: 400, channels: 3, background: '#d9822b' } })
    .png()
    .toBuffer();
  await page.getByLabel('New product name').fill('Amber Serum');
  await page.locator('input[type=file][multiple]').setInputFiles({ name: 'serum.png', mimeType: 'image/png', buffer: photo });
  await page.getByRole('button', { name: 'Add product' }).click();
  const serum = page.getByRole('listitem', { name: 'Amber Serum' });
  await serum.getByRole('button', { name: 'Make an ad for Amber Serum' }).click();
  await serum
    .getByLabel(AdDraftMessages.describe)
    .fill('A lightweight vitamin C serum that brightens dull skin. Fades dark spots in four weeks.');
  await serum.getByRole('button', { name: 'Draft the ad' }).click();

  // The editor opens with the plan, says how it was written, and keeps it as a project at once.
  await expect(page.getByRole('heading', { name: 'Talking-person video', level: 1 })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Drafted offline' })).toBeVisible();
  await expect(page).toHaveURL(/\/app\/editor\?project=[0-9a-f-]{36}/);
  await expect(page.getByRole('article')).toHaveCount(PLAN.length);
  for (const name of PLAN) await expect(section(page, name)).toBeVisible();
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
  await expect(page.getByRole('article')).toHaveCount(PLAN.length);
});
