/**
 * The admins' jobs console: a user's video fails in part; an admin finds it by the
 * user's e-mail, sees why, retries it at no charge, and it completes. Members have no console.
 */
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { AdminJobMessages, ApiRoutes, type JobView } from '@studio/contracts';
import { grantCredits, jobSectionImages, objectPath } from './support/database.ts';
import { signUpAndConfirm } from './support/studio.ts';

const require = createRequire(import.meta.url);
const demo = path.dirname(require.resolve('@vladmandic/face-api/package.json'));
const IMAGES = [path.join(demo, 'demo/sample1.jpg'), path.join(demo, 'demo/sample2.jpg')];

const credits = async (page: Page) => ((await (await page.request.get(ApiRoutes.credits)).json()) as { credits: number }).credits;

/** Starts a two-section silent video as the editor would send it, and answers its id. */
async function startVideo(page: Page): Promise<string> {
  const sections = ['one', 'two'].map((id) => ({
    id,
    name: `Section ${id}`,
    scriptEnabled: false,
    hasImage: true,
    videoDuration: 3,
    scriptBlocks: [],
  }));
  const files = await Promise.all(IMAGES.map((file) => fs.readFile(file)));
  const res = await page.request.post(ApiRoutes.generateVideo, {
    headers: { origin: new URL(page.url()).origin },
    multipart: {
      sections: JSON.stringify(sections),
      videoDuration: '3',
      image_0: { name: 'one.jpg', mimeType: 'image/jpeg', buffer: files[0]! },
      image_1: { name: 'two.jpg', mimeType: 'image/jpeg', buffer: files[1]! },
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { jobId: string }).jobId;
}

test('a job fails; an admin finds it by the user’s e-mail, retries it at no charge, and it completes', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const { email } = await signUpAndConfirm(page, request, { tag: 'jobs-owner' });
  await grantCredits(email, 20);
  const jobId = await startVideo(page);
  // The second section's stored input is lost before it renders (sections render one at a time here).
  const [, second] = await jobSectionImages(jobId);
  const stored = objectPath(second!);
  await fs.rename(stored, `${stored}.lost`);
  await expect
    .poll(async () => ((await (await page.request.get(`${ApiRoutes.jobStatus}/${jobId}`)).json()) as { job: JobView }).job.status, {
      timeout: 120_000,
    })
    .toBe('PARTIAL_SUCCESS');
  await fs.rename(`${stored}.lost`, stored);
  const balance = await credits(page);

  // A member has no console: no sidebar entry, and the page says so.
  await page.goto('/app/admin/jobs');
  await expect(page.getByText('Admin access denied')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Jobs' })).toHaveCount(0);

  const adminPage = await (await browser.newContext()).newPage();
  await signUpAndConfirm(adminPage, request, { email: 'ops@studio.local' });
  await adminPage.getByRole('navigation').getByRole('link', { name: 'Jobs' }).click();
  await expect(adminPage.getByRole('heading', { name: 'Jobs', level: 1 })).toBeVisible();
  // The render fleet: each queue's depth, and this studio's own process rendering (`npm start` answers and renders).
  const renderers = adminPage.getByRole('region', { name: AdminJobMessages.renderersTitle });
  await expect(renderers.getByRole('status')).toContainText(
    /studio-jobs: \d+ waiting · studio-renders: \d+ waiting · studio-media: \d+ waiting/,
  );
  await expect(renderers.getByRole('row').filter({ hasText: 'live' }).filter({ hasText: 'all' })).toHaveCount(1);
  await adminPage.getByLabel('User e-mail').fill(email.toUpperCase());
  await adminPage.getByRole('button', { name: 'Search' }).click();
  const row = adminPage.getByRole('row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('partial success');
  await expect(row).toContainText('1 / 1 of 2');
  await expect(row).toContainText('4 / 2');
  await row.getByRole('button', { name: `Open job ${jobId}` }).click();

  const dialog = adminPage.getByRole('dialog', { name: `Job ${jobId.slice(0, 8)}` });
  const failed = dialog.getByRole('table', { name: 'Sections' }).getByRole('row').filter({ hasText: 'Section two' });
  await expect(failed).toContainText('FAILED');
  await expect(failed).toContainText('refunded');
  await expect(dialog.getByRole('table', { name: 'Ledger' })).toContainText('TASK_REFUND');
  await expect(dialog.getByRole('table', { name: 'Steps' })).toContainText('animate');
  await dialog.getByRole('button', { name: 'Retry failed sections at no charge' }).click();
  await expect(dialog.getByText(AdminJobMessages.retried)).toBeVisible();
  // The failed section renders again, and the job completes.
  await expect(failed).toContainText('COMPLETED', { timeout: 120_000 });
  await expect(dialog.getByRole('definition').filter({ hasText: /^COMPLETED$/ })).toBeVisible();
  await expect(dialog.getByRole('region', { name: 'Admin actions' })).toContainText('retry by ops@studio.local');
  // At no charge to the user.
  expect(await credits(page)).toBe(balance);
  await adminPage.context().close();
});
