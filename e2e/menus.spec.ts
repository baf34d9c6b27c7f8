/**
 * Menus stay on screen: the prompt bar's Models, Products and Character menus and a card's "⋯"
 * menu open where there is room (above the prompt bar at the bottom of the window), inside the
 * window, over the prompt bar rather than under it, and every part of them can be clicked.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe.ts';
import { grantCredits } from './support/database.ts';
import { signUpAndConfirm } from './support/studio.ts';

const SIZES = [
  { name: 'a desktop window', width: 1440, height: 900 },
  { name: 'a phone', width: 390, height: 844 },
];

/** The menu lies inside the window, and nothing (the prompt bar, the top bar) is drawn over any of its corners. */
async function expectOnScreen(page: Page, menu: Locator, what: string): Promise<void> {
  await expect(menu).toBeVisible();
  const { width, height } = page.viewportSize()!;
  // Floating UI places it after its first frame: wait until it stands still.
  let last = '';
  await expect
    .poll(
      async () => {
        const now = JSON.stringify(await menu.boundingBox());
        const still = now === last;
        last = now;
        return still;
      },
      { message: `${what} placed`, intervals: [50] },
    )
    .toBe(true);
  const box = (await menu.boundingBox())!;
  expect(box.x, `${what}: left edge`).toBeGreaterThanOrEqual(0);
  expect(box.y, `${what}: top edge`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what}: right edge`).toBeLessThanOrEqual(width);
  expect(box.y + box.height, `${what}: bottom edge`).toBeLessThanOrEqual(height);
  const covered = await menu.evaluate((el) => {
    const r = el.getBoundingClientRect();
    // Inside the rounded corners, which let presses through to what lies behind.
    const inset = 16;
    const corners: [number, number][] = [
      [r.left + inset, r.top + inset],
      [r.right - inset, r.top + inset],
      [r.left + inset, r.bottom - inset],
      [r.right - inset, r.bottom - inset],
    ];
    return corners
      .filter(([x, y]) => !el.contains(document.elementFromPoint(x, y)))
      .map(([x, y]) => `${x},${y}: ${document.elementFromPoint(x, y)?.outerHTML.slice(0, 80)}`);
  });
  expect(covered, `${what}: corners covered by something else`).toEqual([]);
}

/** Eight images in the gallery, through the real API, so the page scrolls under the prompt bar. */
async function makeImages(page: Page): Promise<void> {
  for (const count of [4, 4]) {
    const status = await page.evaluate(async (imageCount) => {
      const form = new FormData();
      form.set('prompt', 'amber glass dropper bottle on a linen cloth');
      form.set('aspectRatio', '1:1');
      form.set('imageCount', String(imageCount));
      return (await fetch('/api/generate-character-image', { method: 'POST', body: form })).status;
    }, count);
    expect(status).toBe(200);
  }
}

for (const size of SIZES) {
  test(`on ${size.name}, the prompt bar’s menus and a card’s menu open inside the window and above the prompt bar`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    const { email } = await signUpAndConfirm(page, request, { tag: 'menus' });
    await grantCredits(email, 40);
    await makeImages(page);
    await page.goto('/app/images');
    const cards = page.locator('.ga-card');
    await expect(cards).toHaveCount(8);
    const bar = page.getByRole('form', { name: 'Prompt bar' });
    // The prompt bar at the bottom of the window: sticky on a desktop, the end of the page on a phone.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(bar).toBeInViewport();

    // Models: a long list, opened from the bottom of the window.
    const models = bar.getByText(/^Models:/);
    await models.click();
    const modelsMenu = page.locator('.st-menu-panel');
    await expectOnScreen(page, modelsMenu, 'the Models menu');
    await expectAccessible(page, `/app/images with the Models menu open on ${size.name}`);
    const lastModel = modelsMenu.getByRole('checkbox').last();
    await lastModel.scrollIntoViewIfNeeded();
    await lastModel.click();
    await expect(lastModel).toBeChecked();
    await page.keyboard.press('Escape');
    await expect(modelsMenu).toBeHidden();
    await expect(bar.locator('summary').filter({ hasText: /^Models:/ })).toBeFocused();

    // Products and Character.
    await bar.getByText('Products', { exact: true }).click();
    const productsMenu = page.locator('.st-menu-panel');
    await expectOnScreen(page, productsMenu, 'the Products menu');
    await productsMenu.getByLabel('Search products').click();
    await productsMenu.getByLabel('Search products').fill('bottle');
    await expect(productsMenu.getByText('No products match.')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(productsMenu).toBeHidden();

    await bar.getByText('Character', { exact: true }).click();
    const characterMenu = page.locator('.st-menu-panel');
    await expect(characterMenu.getByText('No characters created yet')).toBeVisible();
    await expectOnScreen(page, characterMenu, 'the Character menu');
    await characterMenu.getByText('Choose a character:').click();
    await expect(characterMenu).toBeVisible();
    // A press elsewhere closes it.
    await page.mouse.click(size.width - 5, 5);
    await expect(characterMenu).toBeHidden();

    // A card's "⋯" menu from a card just above the prompt bar (desktop) or at the bottom of the window (phone).
    const button = cards.last().getByRole('button', { name: 'Image actions' });
    const dock = page.locator('.ga-promptbar-dock');
    const limit = size.width >= 768 ? (await dock.boundingBox())!.y : size.height;
    await button.evaluate((el, bottom) => window.scrollBy(0, el.getBoundingClientRect().bottom - (bottom - 12)), limit);
    const placed = (await button.boundingBox())!;
    expect(placed.y + placed.height).toBeGreaterThan(limit - 60);
    expect(placed.y + placed.height).toBeLessThanOrEqual(limit);
    await button.click();
    const menu = page.getByRole('menu', { name: 'Image actions' });
    await expectOnScreen(page, menu, 'the card’s menu');
    await expectAccessible(page, `/app/images with a card’s menu open on ${size.name}`);
    if (size.width >= 768) {
      const box = (await menu.boundingBox())!;
      expect(box.y + box.height, 'the card’s menu ends above the prompt bar').toBeLessThanOrEqual((await dock.boundingBox())!.y);
    }
    // Arrows still move through it; the last item (Delete) is clickable as it stands.
    await expect(menu.getByRole('menuitem', { name: 'Open details' })).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(menu.getByRole('menuitem', { name: 'Delete' })).toBeFocused();
    await menu.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this image?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(cards).toHaveCount(8);
    // Escape closes the menu and gives focus back to its button.
    await button.click();
    await expect(menu).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();
  });
}
