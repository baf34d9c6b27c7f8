/**
 * The voices remote on the local engine: /app/voices comes from mfe-voices; a preset speaks a line
 * that plays, voices are saved, a voice profile is cloned from a sample. (With the remote down, its
 * page falls back while the rest of the studio works: remote-offline.spec.ts.)
 */
import AxeBuilder from '@axe-core/playwright';
import ESpeakNg from 'espeak-ng';
import { expect, test, type Page } from '@playwright/test';
import { setTier } from './support/database.ts';
import { Messages, openAccountMenu, signUpAndConfirm } from './support/studio.ts';

async function openVoices(page: Page): Promise<void> {
  const menu = await openAccountMenu(page);
  // The account part (from mfe-account) arrives in the menu first; the links below it then stay put.
  await expect(menu.getByLabel('Username')).toBeVisible();
  await menu.getByRole('link', { name: 'Voices', exact: true }).click();
  await expect(page).toHaveURL(/\/app\/voices$/);
  await expect(page.getByRole('heading', { name: 'Voices', level: 1 })).toBeVisible();
  // The screen says plainly what the offline voices are.
  await expect(page.getByText(Messages.localEngineVoices)).toBeVisible();
}

/** A few seconds of a person speaking, as a WAV, made offline. */
async function speechSample(): Promise<Buffer> {
  const text = 'Hello, this is my own voice. I am recording a short sample so the studio can learn how I speak.';
  const module = await ESpeakNg({ arguments: ['-w', 'sample.wav', '-v', 'en-us+m3', text], print: () => {}, printErr: () => {} });
  return Buffer.from(module.FS.readFile('sample.wav'));
}

test('a preset speaks a line that plays with its duration, for a credit; previews toggle; a voice is saved', async ({ page, request }) => {
  await signUpAndConfirm(page, request, { tag: 'voices' });
  await openVoices(page);
  await expect(page.getByRole('radio', { name: /^UGC2/ })).toBeChecked();
  await page.getByRole('radio', { name: /^Adam/ }).check();

  await page.getByRole('button', { name: /^Generate voice/ }).click();
  await expect(page.getByText(Messages.voiceTextRequired)).toBeVisible();
  await page.getByLabel('Script').fill('This serum changed my morning routine. Try it for a week and see.');
  await page.getByRole('button', { name: /^Generate voice/ }).click();
  const player = page.getByLabel('Generated line in Adam');
  await expect(player).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/^Duration 0:0[2-9]$/)).toBeVisible();
  expect(await player.evaluate((audio: HTMLAudioElement) => audio.play().then(() => true))).toBe(true);
  await expect.poll(() => player.evaluate((audio: HTMLAudioElement) => audio.currentTime)).toBeGreaterThan(0);
  await player.evaluate((audio: HTMLAudioElement) => audio.pause());
  expect((await (await page.request.get('/api/credits')).json()).credits).toBe(19);

  const preview = page.getByRole('button', { name: 'Preview Grace' });
  await preview.click();
  await expect(page.getByRole('button', { name: 'Stop Grace' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Stop Grace' }).click();
  await expect(preview).toHaveAttribute('aria-pressed', 'false');

  // Save voice asks for a name in the app's dialog: Save stays unavailable while the name is blank.
  await page.getByRole('button', { name: 'Save voice' }).click();
  const saveDialog = page.getByRole('dialog', { name: 'Save voice' });
  await saveDialog.getByLabel('Voice name').fill('   ');
  await expect(saveDialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await saveDialog.getByLabel('Voice name').fill('My narrator');
  await saveDialog.getByRole('button', { name: 'Save' }).click();
  await expect(saveDialog).toBeHidden();
  await expect(page.getByText('Saved “My narrator”.')).toBeVisible();
  // spec 1 §4: the message clears itself after 5 s.
  await expect(page.getByText('Saved “My narrator”.')).toBeHidden({ timeout: 8_000 });
  await expect(page.getByRole('list', { name: 'Saved voices' }).getByText('My narrator', { exact: true })).toBeVisible();
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
});

test('a voice profile is cloned from a WAV sample; wrong, too large and plan-less attempts say why', async ({ page, request }) => {
  const { email } = await signUpAndConfirm(page, request, { tag: 'clone' });
  await openVoices(page);
  await page.getByRole('button', { name: 'Create voice profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Voice Profile' });
  await dialog.getByLabel('Voice name').fill('Me');
  const sampleField = dialog.getByLabel('Audio sample');

  await sampleField.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not audio') });
  await expect(dialog.getByText(Messages.profileSampleTypeInvalid)).toBeVisible();
  await sampleField.setInputFiles({ name: 'long.wav', mimeType: 'audio/wav', buffer: Buffer.alloc(10 * 1024 * 1024 + 1) });
  await expect(dialog.getByText(Messages.profileSampleTooLarge)).toBeVisible();

  await sampleField.setInputFiles({ name: 'me.wav', mimeType: 'audio/wav', buffer: await speechSample() });
  await dialog.getByRole('button', { name: 'Create profile' }).click();
  await expect(dialog.getByText(Messages.clonePlanRequired)).toBeVisible();

  await setTier(email, 'basic');
  await dialog.getByRole('button', { name: 'Create profile' }).click();
  await expect(dialog.getByText('Voice profile “Me” created.')).toBeVisible({ timeout: 30_000 });
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('list', { name: 'Voice profiles' }).getByText('Me', { exact: true })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Saved voices and profiles' }).getByRole('radio', { name: /^Me/ })).toBeChecked();

  await page.getByLabel('Script').fill('Now the studio speaks in something close to my voice.');
  await page.getByRole('button', { name: /^Generate voice/ }).click();
  await expect(page.getByLabel('Generated line in Me')).toBeVisible({ timeout: 30_000 });

  // Renaming and deleting a profile go through the app's dialogs.
  const profilesList = page.getByRole('list', { name: 'Voice profiles' });
  await profilesList.getByRole('button', { name: 'Rename Me' }).click();
  const renameDialog = page.getByRole('dialog', { name: 'Rename voice profile' });
  await renameDialog.getByLabel('Profile name').fill('My clone');
  await renameDialog.getByRole('button', { name: 'Rename' }).click();
  await expect(profilesList.getByText('My clone', { exact: true })).toBeVisible();
  await profilesList.getByRole('button', { name: 'Delete My clone' }).click();
  const deleteDialog = page.getByRole('dialog', { name: 'Delete the voice profile “My clone”?' });
  await deleteDialog.getByRole('button', { name: 'Delete' }).click();
  await expect(profilesList.getByText('My clone', { exact: true })).toHaveCount(0);
});
