/**
 * Spec 2's rules for the dialogs and editors: Product Placement's Generate waits for both images and
 * a prompt (§5); a charged call refused for a short balance opens the upgrade dialog with its message
 * (§6); the Create Voice Profile and Save voice dialogs (§5); the voice panel's four groups (§2); and
 * editor messages that vanish after 5 s (§4).
 */
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { formatCreditsNeeded } from '../packages/contracts/src/errors.ts';
import { spendCredits } from './support/database.ts';
import { Messages, signUpAndConfirm } from './support/studio.ts';

const photo = async (colour: string) => ({
  name: `${colour.slice(1)}.png`,
  mimeType: 'image/png',
  buffer: await sharp({ create: { width: 360, height: 640, channels: 3, background: colour } })
    .png()
    .toBuffer(),
});

/** Takes every credit the account has, as earlier generations would have. */
async function spendEveryCredit(page: Page, email: string) {
  const { credits } = (await (await page.request.get('/api/credits')).json()) as { credits: number };
  await spendCredits(email, credits);
}

async function openSimpleEditor(page: Page) {
  await page.goto('/app/simple-video');
  await expect(page.getByRole('heading', { name: 'Simple video', level: 1 })).toBeVisible();
}

test('Product Placement: Generate waits for both images and a prompt', async ({ page, request }) => {
  await signUpAndConfirm(page, request, { tag: 'placement', at: '/app/images' });
  const bar = page.getByRole('form', { name: 'Prompt bar' });
  const generate = bar.getByRole('button', { name: 'Generate' });
  await bar.getByLabel('Prompt').fill('the bottle on a kitchen shelf');
  await bar.getByLabel('Add image').setInputFiles(await photo('#cc5522'));
  await bar.getByText('Models: Edit').click();
  await bar.getByRole('checkbox', { name: 'Product Placement' }).check();
  await bar.getByText('Models: Product Placement').click();
  await expect(generate).toBeDisabled();
  // Cmd/Ctrl+Enter does not get round the rule.
  await bar.getByLabel('Prompt').press('ControlOrMeta+Enter');
  await expect(bar.getByText(Messages.productPlacementNeedsTwoImages)).toBeVisible();

  await bar.getByLabel('PLACE or PERSON').setInputFiles(await photo('#2266aa'));
  await expect(generate).toBeEnabled();
  await bar.getByLabel('Prompt').fill('   ');
  await expect(generate).toBeDisabled();
});

test('out of credits, the editors answer a voice line and a video with the upgrade dialog, not an inline error', async ({
  page,
  request,
}) => {
  const { email } = await signUpAndConfirm(page, request, { tag: 'upgrade-editors' });
  await spendEveryCredit(page, email);

  await page.goto('/app/editor');
  const section = page.getByRole('article', { name: 'Section 1' });
  await section.getByLabel('Script for Section 1, block 1').fill('Meet the serum that wakes up tired skin.');
  await section.getByRole('button', { name: 'Generate Audio' }).click();
  const dialog = page.getByRole('dialog', { name: 'Not enough credits' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(formatCreditsNeeded(1, 'generate this voice line'))).toBeVisible();
  await expect(page.getByText(Messages.insufficientCredits)).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(section.getByLabel('Audio status of Section 1, block 1')).toHaveText('No audio');

  await openSimpleEditor(page);
  const simple = page.getByRole('article', { name: 'Section 1' });
  await simple.getByLabel('Upload an image for Section 1').setInputFiles(await photo('#dd9944'));
  await simple.getByRole('checkbox', { name: 'Lipsync' }).uncheck();
  await page.getByRole('button', { name: 'Generate Video' }).click();
  await expect(dialog.getByText(formatCreditsNeeded(2, 'generate this video'))).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: /Insufficient credits/ })).toHaveCount(0);
});

test('with mfe-account down, a short balance in an editor still says how many credits are missing', async ({ page, request }) => {
  const { email } = await signUpAndConfirm(page, request, { tag: 'upgrade-offline' });
  await spendEveryCredit(page, email);
  await page.route('**/mfe/mfe-account/**', (route) => route.abort('connectionrefused'));
  await page.goto('/app/editor');
  const section = page.getByRole('article', { name: 'Section 1' });
  await section.getByLabel('Script for Section 1, block 1').fill('Meet the serum that wakes up tired skin.');
  await section.getByRole('button', { name: 'Generate Audio' }).click();
  await expect(page.getByRole('alert').filter({ hasText: formatCreditsNeeded(1, 'generate this voice line') })).toBeVisible();
});

test('Create Voice Profile says what is wrong with a sample; Save voice waits for a name', async ({ page, request }) => {
  await signUpAndConfirm(page, request, { tag: 'voice-dialogs' });
  await openSimpleEditor(page);
  await page.getByRole('button', { name: 'Create New Voice Profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Voice Profile' });
  await dialog.getByLabel('Voice name').fill('Me');
  const sample = dialog.getByLabel('Audio sample');
  await sample.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not audio') });
  await expect(dialog.getByText(Messages.profileSampleTypeInvalid)).toBeVisible();
  // Create repeats why the file was refused rather than asking for one.
  await dialog.getByRole('button', { name: 'Create profile' }).click();
  await expect(dialog.getByText(Messages.profileSampleTypeInvalid)).toBeVisible();
  await expect(dialog.getByText(Messages.audioMissing, { exact: true })).toHaveCount(0);
  await sample.setInputFiles({ name: 'long.wav', mimeType: 'audio/wav', buffer: Buffer.alloc(10 * 1024 * 1024 + 1) });
  await expect(dialog.getByText(Messages.profileSampleTooLarge)).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  await page.goto('/app/voices');
  await page.getByRole('button', { name: 'Save voice' }).click();
  const save = page.getByRole('dialog', { name: 'Save voice' });
  const confirm = save.getByRole('button', { name: 'Save' });
  await save.getByLabel('Voice name').fill('');
  await expect(confirm).toBeDisabled();
  await save.getByLabel('Voice name').fill('  \t ');
  await expect(confirm).toBeDisabled();
  await save.getByLabel('Voice name').fill('Narrator');
  await expect(confirm).toBeEnabled();
});

test('the editor’s voice panel lists presets, saved voices, character voices and the library; a saved voice brings its sliders', async ({
  page,
  request,
}) => {
  await signUpAndConfirm(page, request, { tag: 'voice-groups' });
  const headers = { origin: new URL(test.info().project.use.baseURL!).origin };
  const saved = await page.request.post('/api/saved-voices', {
    headers,
    data: { name: 'Launch narrator', voice_id: 'studioAdam01', voice_settings: { stability: 0.42, similarity: 0.6, speed: 1.3 } },
  });
  expect(saved.ok(), await saved.text()).toBe(true);

  await openSimpleEditor(page);
  const panel = page.getByRole('region', { name: 'Voice' });
  await expect(panel.getByRole('group', { name: 'Presets' }).getByRole('radio', { name: /^UGC2/ })).toBeChecked();
  const savedGroup = panel.getByRole('group', { name: 'Saved voices and profiles' });
  await expect(savedGroup.getByRole('radio', { name: /^Launch narrator/ })).toBeVisible();
  await expect(panel.getByRole('group', { name: 'Character voices' }).getByText('No character has a voice yet.')).toBeVisible();
  await expect(panel.getByRole('group', { name: 'Voice library' })).toBeVisible();

  await savedGroup.getByRole('radio', { name: /^Launch narrator/ }).check();
  await expect(savedGroup.getByRole('radio', { name: /^Launch narrator/ })).toBeChecked();
  // The same voice as a preset is not the one picked.
  await expect(panel.getByRole('group', { name: 'Presets' }).getByRole('radio', { name: /^Adam/ })).not.toBeChecked();
  await expect(panel.getByRole('slider', { name: 'Stability' })).toHaveValue('0.42');
  await expect(panel.getByRole('slider', { name: 'Speed' })).toHaveValue('1.3');
});

test('“Cannot remove the last section” goes away after 5 s', async ({ page, request }) => {
  await signUpAndConfirm(page, request, { tag: 'last-section' });
  await page.clock.install();
  await openSimpleEditor(page);
  await page.getByRole('button', { name: 'Remove Section 1' }).click();
  const message = page.getByText(Messages.lastSectionRemoval);
  await expect(message).toBeVisible();
  await page.clock.fastForward(4000);
  await expect(message).toBeVisible();
  await page.clock.fastForward(1200);
  await expect(message).toBeHidden();
  await expect(page.getByRole('article', { name: 'Section 1' })).toBeVisible();
});
