/**
 * Editor drafts are projects: what the user wrote in /app/editor survives a Reload (the project is
 * in the URL) and an Exit (the draft is reopened from Recent projects), sections and scripts alike.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signUpAndConfirm } from './support/studio.ts';

const require = createRequire(import.meta.url);
const FACE = path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo/sample2.jpg');

const section = (page: Page, name: string) => page.getByRole('article', { name });
const script = (page: Page, name: string) => section(page, name).getByLabel(`Script for ${name}, block 1`);

async function expectDraftBack(page: Page) {
  await expect(section(page, 'Section 1')).toBeVisible();
  await expect(script(page, 'Section 1')).toHaveValue('I tried this serum for a week.');
  await expect(script(page, 'Section 2')).toHaveValue('My skin has never looked better.');
  await expect(page.getByRole('article', { name: /^Section \d+$/ })).toHaveCount(2);
  // A photo chosen from the computer is kept too.
  await expect(section(page, 'Section 1').getByRole('img', { name: 'Start of Section 1' })).toBeVisible();
}

test('a draft written in the editor is back after Reload, and after Exit from the recent projects', async ({ page, request }) => {
  test.setTimeout(90_000);
  await signUpAndConfirm(page, request, { tag: 'drafts' });
  await page.goto('/app/editor');
  await expect(page.getByRole('heading', { name: 'Talking-person video', level: 1 })).toBeVisible();
  // A visit alone makes no project.
  await expect(page).not.toHaveURL(/project=/);
  await expect(page.getByText('No saved projects yet.')).toBeVisible();

  await script(page, 'Section 1').fill('I tried this serum for a week.');
  await expect(page).toHaveURL(/\?project=[0-9a-f-]{36}/);
  await section(page, 'Section 1').getByLabel('Upload an image for Section 1').setInputFiles(FACE);
  await page.getByRole('button', { name: 'Add Section' }).click();
  await script(page, 'Section 2').fill('My skin has never looked better.');
  await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible();
  const opened = page.url();

  await page.reload();
  await expectDraftBack(page);
  expect(page.url()).toBe(opened);

  // A change made just before leaving is saved on the way out.
  await script(page, 'Section 2').fill('My skin has never looked better. Really.');
  await page.getByRole('link', { name: 'Exit editor' }).click();
  await expect(page).not.toHaveURL(/\/app\/editor/);

  await page.goto('/app/editor');
  await expect(page).not.toHaveURL(/project=/);
  const recent = page.getByRole('region', { name: 'Recent projects' });
  await recent.getByRole('link', { name: /I tried this serum for a week\./ }).click();
  await expect(page).toHaveURL(opened);
  await expect(script(page, 'Section 1')).toHaveValue('I tried this serum for a week.');
  await expect(script(page, 'Section 2')).toHaveValue('My skin has never looked better. Really.');
  await expect(page.getByRole('article', { name: /^Section \d+$/ })).toHaveCount(2);
});

test('the simple editor’s image, script and approved audio are back after Reload', async ({ page, request }) => {
  test.setTimeout(120_000);
  await signUpAndConfirm(page, request, { tag: 'simple-drafts', at: '/app/simple-video' });
  await expect(page.getByRole('heading', { name: 'Simple video', level: 1 })).toBeVisible();
  const card = section(page, 'Section 1');
  await card.getByLabel('Or describe the image').fill('a jar of face cream on pink silk');
  await card.getByRole('button', { name: 'Generate image' }).click();
  await expect(card.getByRole('img', { name: 'Start of Section 1' })).toBeVisible({ timeout: 30_000 });
  await card.getByLabel('Script').fill('Soft skin in one week.');
  await card.getByRole('button', { name: 'Generate Audio' }).click();
  await expect(card.getByLabel('Audio of Section 1')).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\?project=[0-9a-f-]{36}/);
  await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible();

  await page.reload();
  await expect(card.getByLabel('Script')).toHaveValue('Soft skin in one week.');
  await expect(card.getByRole('img', { name: 'Start of Section 1' })).toBeVisible();
  await expect(card.getByLabel('Audio of Section 1')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Recent projects' }).getByRole('link', { name: /Soft skin in one week\./ })).toBeVisible();
});
