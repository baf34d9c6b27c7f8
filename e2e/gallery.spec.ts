/**
 * The gallery remote: /app/images, /app/discover and /app/videos come from mfe-gallery;
 * with its files unreachable those routes show the fallback and Retry recovers, as for mfe-account.
 */
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { expectAccessible } from './support/axe.ts';
import { grantCredits } from './support/database.ts';
import { Messages, expectInFrame, signUpAndConfirm } from './support/studio.ts';

const GALLERY_FILES = '**/mfe/mfe-gallery/**';

test('gallery pages come from mfe-gallery; with it down they show the fallback and Retry recovers', async ({ page, request }) => {
  // Discover is readable signed out, with a way to sign in; the user's own pages are not.
  await page.goto('/app/discover');
  await expect(page.getByText('No featured images available yet.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await expectAccessible(page, '/app/discover signed out');
  await page.goto('/app/images');
  await expect(page.getByRole('heading', { name: Messages.signInToContinue })).toBeVisible();

  await signUpAndConfirm(page, request, { tag: 'gallery' });
  await expect(page.getByRole('heading', { name: 'Discover', level: 1 })).toBeVisible();
  await expect(page.getByText('No featured images available yet.')).toBeVisible();

  await page.getByRole('navigation').getByRole('link', { name: 'Content' }).click();
  await expect(page).toHaveURL(/\/app\/images$/);
  await expect(page.getByText('No generated images yet. Create your first character image above!')).toBeVisible();
  await expectAccessible(page, '/app/images');

  // The mobile filter: Images and Videos, never both off.
  await page.setViewportSize({ width: 390, height: 800 });
  const images = page.getByRole('checkbox', { name: 'Images' });
  const videos = page.getByRole('checkbox', { name: 'Videos' });
  await expect(images).toBeChecked();
  await expect(videos).toBeChecked();
  await images.uncheck();
  await expect(images).not.toBeChecked();
  await videos.click();
  await expect(images).toBeChecked();
  await expect(videos).toBeChecked();
  await expectAccessible(page, '/app/images on a phone');
  await page.setViewportSize({ width: 1280, height: 720 });
  await expect(images).toBeHidden();

  await page.goto('/app/videos');
  await expect(page.getByRole('heading', { name: 'Videos', level: 1 })).toBeVisible();
  await expectInFrame(page);

  // Remote down from a full load: fallback inside the working frame, then Retry once it is back.
  let attempts = 0;
  await page.route(GALLERY_FILES, (route) => {
    attempts += 1;
    return route.abort('connectionrefused');
  });
  await page.goto('/app/images');
  const fallback = page.getByRole('region', { name: /unavailable/i });
  await expect(fallback).toBeVisible();
  expect(attempts).toBeGreaterThan(0);
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Content' })).toBeVisible();
  await page.unroute(GALLERY_FILES);
  await fallback.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText('No generated images yet. Create your first character image above!')).toBeVisible();
  await expect(fallback).toBeHidden();
});

test('a prompt makes images that appear first in the gallery with their prompt, cost a credit each, and can be deleted', async ({
  page,
  request,
}) => {
  await signUpAndConfirm(page, request, { tag: 'generate' });
  await page.getByRole('navigation').getByRole('link', { name: 'Content' }).click();
  const bar = page.getByRole('form', { name: 'Prompt bar' });
  await expect(bar.getByRole('button', { name: 'Generate' })).toBeDisabled();
  // Without a product photo, the offline engine says plainly what it can make.
  await expect(bar.getByText(Messages.localEngineScenes)).toBeVisible();

  await bar.getByLabel('Prompt').fill('a green bottle on white marble');
  await bar.getByLabel('Aspect ratio').selectOption('1:1');
  await bar.getByRole('button', { name: 'Generate' }).click();
  const first = page.getByRole('listitem').filter({ hasText: 'a green bottle on white marble' });
  await expect(first).toHaveCount(1, { timeout: 30_000 });
  await expect(first.getByRole('img')).toHaveJSProperty('complete', true);
  expect(await first.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  await bar.getByLabel('Prompt').fill('a blue chair in a sunlit studio');
  await bar.getByLabel('Prompt').press('Control+Enter');
  const second = page.getByRole('listitem').filter({ hasText: 'a blue chair in a sunlit studio' });
  await expect(second).toHaveCount(1, { timeout: 30_000 });
  // Newest first: the second image leads the grid.
  await expect(page.locator('.ga-card .ga-prompt').first()).toHaveText('a blue chair in a sunlit studio');
  const credits = await (await page.request.get('/api/credits')).json();
  expect(credits.credits).toBe(18);
  await expectAccessible(page, '/app/images with images');

  // Every card action of spec 2 §2 sits in one compact menu; the keyboard reaches each of them.
  const menuButton = first.getByRole('button', { name: 'Image actions' });
  await menuButton.click();
  const menu = first.getByRole('menu', { name: 'Image actions' });
  await expect(menu.getByRole('menuitem')).toHaveText([
    'Open details',
    'Reuse prompt',
    'Copy prompt',
    'Use model Generate',
    'Edit',
    'Product Studio',
    'Upscale',
    'Animate…',
    'Choose a character…',
    'Create video',
    'Download',
    'Delete',
  ]);
  await expect(menu.getByRole('menuitem', { name: 'Open details' })).toBeFocused();
  await page.keyboard.press('End');
  await expect(menu.getByRole('menuitem', { name: 'Delete' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Open details' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(menuButton).toBeFocused();
  // Reuse prompt puts the card's prompt back in the prompt bar.
  await menuButton.click();
  await menu.getByRole('menuitem', { name: 'Reuse prompt' }).click();
  await expect(bar.getByLabel('Prompt')).toHaveValue('a green bottle on white marble');
  // Animate… opens the viewer at its animation options, ready to set.
  await menuButton.click();
  await menu.getByRole('menuitem', { name: 'Animate…' }).click();
  const viewer = page.getByRole('dialog', { name: 'Image details' });
  await expect(viewer.getByLabel('Animation duration in seconds')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();

  await menuButton.click();
  await menu.getByRole('menuitem', { name: 'Delete' }).click();
  const confirmDelete = page.getByRole('dialog', { name: 'Delete this image?' });
  await confirmDelete.getByRole('button', { name: 'Delete' }).click();
  await expect(confirmDelete).toBeHidden();
  await expect(first).toHaveCount(0);
  await expect(second).toHaveCount(1);

  // An uploaded photo switches to Edit; the two-image models add the 'PLACE or PERSON' slot and
  // inherit its shape; try-on needs no prompt.
  await bar.getByLabel('Add image').setInputFiles({ name: 'bottle.png', mimeType: 'image/png', buffer: await productPhoto() });
  await expect(bar.getByText(Messages.switchedToEdit)).toBeVisible();
  await expect(bar.getByText('Models: Edit')).toBeVisible();
  await bar.getByText('Models: Edit').click();
  await bar.getByRole('checkbox', { name: 'Product Placement' }).check();
  await expect(bar.getByLabel('PLACE or PERSON')).toBeAttached();
  await expect(bar.getByLabel('Aspect ratio')).toBeDisabled();
  await expect(bar.getByLabel('Aspect ratio')).toHaveValue('inherit');
  await bar.getByRole('checkbox', { name: 'Virtual Try-On' }).check();
  await expect(bar.getByLabel('Prompt')).toHaveAttribute('readonly', '');
  await expect(bar.getByLabel('Prompt')).toHaveAttribute('placeholder', Messages.tryOnPromptPlaceholder);
  await bar.getByRole('checkbox', { name: 'Edit', exact: true }).check();
  await bar.getByText('Models: Edit').click();
  await bar.getByLabel('Prompt').fill('brighter, on a sunny table');
  await bar.getByRole('button', { name: 'Generate' }).click();
  const edited = page.getByRole('listitem').filter({ hasText: 'brighter, on a sunny table' });
  await expect(edited).toHaveCount(1, { timeout: 30_000 });
  await edited.getByRole('button', { name: 'brighter, on a sunny table' }).click();
  await expect(page.getByRole('dialog', { name: 'Image details' }).locator('.ga-tags')).toContainText('Edit');
});

test('the media viewer shows how an image was made, and its actions work: Use Prompt, Edit, Upscale, Escape', async ({ page, request }) => {
  await signUpAndConfirm(page, request, { tag: 'viewer' });
  await page.getByRole('navigation').getByRole('link', { name: 'Content' }).click();
  const bar = page.getByRole('form', { name: 'Prompt bar' });
  await bar.getByLabel('Prompt').fill('a red lamp on oak wood');
  await bar.getByLabel('Aspect ratio').selectOption('1:1');
  await bar.getByRole('button', { name: 'Generate' }).click();
  const card = page.getByRole('listitem').filter({ hasText: 'a red lamp on oak wood' });
  await expect(card).toHaveCount(1, { timeout: 30_000 });

  await card.getByRole('button', { name: 'a red lamp on oak wood' }).click();
  const viewer = page.getByRole('dialog', { name: 'Image details' });
  await expect(viewer).toBeVisible();
  await expect(viewer.getByText('1024 × 1024')).toBeVisible();
  await expect(viewer.getByRole('definition').filter({ hasText: /^1:1$/ })).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Generate', exact: true })).toBeVisible();
  await expect(viewer.getByText('local engine')).toBeVisible();
  await expect(viewer.getByRole('img')).toHaveJSProperty('complete', true);
  await expectAccessible(page, 'the media viewer');
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();

  // Use Prompt fills the prompt bar and closes the viewer.
  await card.getByRole('button', { name: 'a red lamp on oak wood' }).click();
  await viewer.getByRole('button', { name: 'Use Prompt' }).click();
  await expect(viewer).toBeHidden();
  await expect(bar.getByLabel('Prompt')).toHaveValue('a red lamp on oak wood');

  // Edit puts the image in the prompt bar: the model switches to Edit and the result is an edit of it.
  await card.getByRole('button', { name: 'a red lamp on oak wood' }).click();
  await viewer.getByRole('button', { name: 'Edit' }).click();
  await expect(bar.getByText('Image from your gallery')).toBeVisible();
  await expect(bar.getByText(Messages.switchedToEdit)).toBeVisible();
  await bar.getByLabel('Prompt').fill('make it warm and golden');
  await bar.getByRole('button', { name: 'Generate' }).click();
  const edited = page.getByRole('listitem').filter({ hasText: 'make it warm and golden' });
  await expect(edited).toHaveCount(1, { timeout: 60_000 });
  await edited.getByRole('button', { name: 'make it warm and golden' }).click();
  await expect(viewer.locator('.ga-tags')).toContainText('Edit');
  await page.keyboard.press('Escape');

  // Upscale: a 2× copy joins the gallery and costs its price.
  const before = (await (await page.request.get('/api/credits')).json()).credits as number;
  await card.getByRole('button', { name: 'a red lamp on oak wood' }).click();
  await viewer.getByRole('button', { name: 'Upscale' }).click();
  await expect(viewer.getByText(Messages.imageUpscaled)).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('listitem').filter({ hasText: 'a red lamp on oak wood' })).toHaveCount(2);
  const after = (await (await page.request.get('/api/credits')).json()).credits as number;
  expect(before - after).toBe(2);
});

test('an admin features an image; a signed-out visitor then sees it on Discover and on the landing page', async ({
  page,
  request,
  browser,
}) => {
  await signUpAndConfirm(page, request, { email: 'owner@studio.local' });
  await page.getByRole('navigation').getByRole('link', { name: 'Content' }).click();
  const bar = page.getByRole('form', { name: 'Prompt bar' });
  await bar.getByLabel('Prompt').fill('a silver watch on black velvet');
  await bar.getByRole('button', { name: 'Generate' }).click();
  const card = page.getByRole('listitem').filter({ hasText: 'a silver watch on black velvet' });
  await expect(card).toHaveCount(1, { timeout: 30_000 });
  const feature = card.getByRole('button', { name: 'Featured' });
  await expect(feature).toHaveAttribute('aria-pressed', 'false');
  await feature.click();
  await expect(page.getByText(Messages.featuredOn)).toBeVisible();
  await expect(feature).toHaveAttribute('aria-pressed', 'true');
  // The toggle shows its state visibly too, not only to assistive technology.
  await expect(feature).toHaveText('★ Featured');
  await expect(card.locator('.ga-overlay').getByText('Featured')).toBeVisible();

  const visitor = await browser.newPage();
  await visitor.goto('/app/discover');
  await expect(visitor.getByRole('img', { name: 'a silver watch on black velvet' })).toBeVisible();
  await visitor.goto('/');
  const strip = visitor.getByRole('list', { name: 'Featured creations' });
  await strip.scrollIntoViewIfNeeded();
  await expect(strip.getByRole('img', { name: 'a silver watch on black velvet' })).toBeVisible();
  await expect(strip.getByRole('img', { name: 'a silver watch on black velvet' })).toHaveJSProperty('complete', true);

  // In the admin view Discover shows each creator, and an image can leave the feed from there.
  await page.getByRole('navigation').getByRole('link', { name: 'Discover' }).click();
  const featuredCard = page.getByRole('listitem').filter({ hasText: 'a silver watch on black velvet' });
  await expect(featuredCard.getByText(/^by /)).toBeVisible();
  await featuredCard.getByRole('button', { name: 'Remove from Discover' }).click();
  await expect(page.getByText('No featured images available yet.')).toBeVisible();
  await visitor.goto('/app/discover');
  await expect(visitor.getByText('No featured images available yet.')).toBeVisible();
  await visitor.close();
});

test('a gallery of 45 images loads 20 at a time as it scrolls, to All 45 images loaded', async ({ page, request }) => {
  const { email } = await signUpAndConfirm(page, request, { tag: 'many' });
  await grantCredits(email, 30);
  // 45 images through the real API: eleven requests of four and one of one.
  for (const count of [...Array(11).fill(4), 1] as number[]) {
    const status = await page.evaluate(async (imageCount) => {
      const form = new FormData();
      form.set('prompt', `gallery item ${imageCount}`);
      form.set('aspectRatio', '1:1');
      form.set('imageCount', String(imageCount));
      return (await fetch('/api/generate-character-image', { method: 'POST', body: form })).status;
    }, count);
    expect(status).toBe(200);
  }
  await page.getByRole('navigation').getByRole('link', { name: 'Content' }).click();
  const cards = page.locator('.ga-card');
  await expect(cards).toHaveCount(20);
  await expect(page.getByText('All 45 images loaded')).toHaveCount(0);
  // Scrolling brings the sentinel near, which asks for the next page, until the last.
  await expect
    .poll(async () => {
      await page.mouse.wheel(0, 20_000);
      return page.getByText('All 45 images loaded').count();
    })
    .toBe(1);
  await expect(cards).toHaveCount(45);
});

/** A product photo: a bottle-like shape on a light backdrop, as a PNG. */
async function productPhoto(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="900"><rect width="600" height="900" fill="#f4f1ea"/>
    <rect x="220" y="120" width="160" height="80" rx="16" fill="#2d5b3a"/><rect x="170" y="190" width="260" height="560" rx="60" fill="#3f8f5a"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

test('a new account is welcomed once: an uploaded product becomes three edits and a new scene in Content', async ({ page, request }) => {
  await signUpAndConfirm(page, request, { tag: 'welcome', keepWelcome: true });
  const welcome = page.getByRole('dialog', { name: 'Welcome to Studio' });
  await expect(welcome).toBeVisible();
  await expectAccessible(page, 'the welcome modal');
  await welcome.getByRole('button', { name: /^Generate/ }).click();
  await expect(welcome.getByText(Messages.welcomeNeedsImage)).toBeVisible();

  await welcome
    .getByLabel('Upload a product image')
    .setInputFiles({ name: 'bottle.png', mimeType: 'image/png', buffer: await productPhoto() });
  await expect(welcome.getByRole('img', { name: 'Your product' })).toBeVisible();
  await welcome.getByRole('button', { name: /^Generate/ }).click();
  await expect(welcome.getByRole('status')).toContainText('step 1 of 2');
  await expect(welcome.getByRole('button', { name: 'See them in Content' })).toBeVisible({ timeout: 120_000 });
  await expect(welcome.getByRole('list', { name: 'Your first images' }).getByRole('img')).toHaveCount(4);
  // Made elsewhere than Content: the sidebar badge counts them.
  await expect(page.getByRole('navigation').getByLabel('4 new')).toBeVisible();

  await welcome.getByRole('button', { name: 'See them in Content' }).click();
  await expect(page).toHaveURL(/\/app\/images$/);
  await expect(page.locator('.ga-card')).toHaveCount(4);
  await expect(page.getByRole('navigation').getByLabel('4 new')).toHaveCount(0);
  const credits = await (await page.request.get('/api/credits')).json();
  expect(credits.credits).toBe(16);

  // Once: closed, it does not come back.
  await page.reload();
  await expect(page.locator('.ga-card')).toHaveCount(4);
  await expect(welcome).toHaveCount(0);
});

test('the prompt bar stays at the bottom of Content while the gallery scrolls, and its guide link opens the prompt guide', async ({
  page,
  request,
}) => {
  await signUpAndConfirm(page, request, { tag: 'guide', at: '/app/images' });
  const bar = page.getByRole('form', { name: 'Prompt bar' });
  await expect(bar).toBeVisible();
  const box = await bar.boundingBox();
  const viewport = page.viewportSize()!;
  // It sits at the bottom of the window (spec 2 §2), not at the top of the page.
  expect(box!.y + box!.height).toBeGreaterThan(viewport.height * 0.75);
  await bar.getByRole('link', { name: 'Prompt guide' }).click();
  await expect(page).toHaveURL(/\/app\/guide$/);
  await expect(page.getByRole('heading', { name: 'Prompt guide', level: 1 })).toBeVisible();
  await expectAccessible(page, 'the prompt guide');
  await page.getByRole('link', { name: 'Back to Content' }).click();
  await expect(page).toHaveURL(/\/app\/images$/);
});
