import { ApiRoutes, BRAND_CTA_TEXT_MAX, BRAND_FONTS as FONT_CHOICES, BRAND_KIT_DEFAULTS, BrandKitMessages } from '@studio/contracts';
import { BRAND_FONTS, renderEndCard } from '@studio/media';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { member, startTestStudio, type TestClient, type TestStudio } from '../../../test/harness.ts';

let studio: TestStudio;
beforeAll(async () => {
  studio = await startTestStudio();
}, 120_000);
afterAll(() => studio?.stop());

const logo = (format: 'png' | 'webp' | 'jpeg', colour = '#1f3a5f') =>
  sharp({ create: { width: 120, height: 60, channels: 4, background: colour } })
    [format]()
    .toBuffer();

function logoForm(bytes: Buffer, name = 'logo.png', type = 'image/png'): FormData {
  const form = new FormData();
  form.set('logo', new Blob([new Uint8Array(bytes)], { type }), name);
  return form;
}

const SETTINGS = {
  primaryColor: '#0E7C66',
  secondaryColor: '#ffd166',
  fontId: 'playfair-display',
  ctaText: '  Shop the serum  ',
  ctaUrl: 'https://luma.example.com/serum',
};

const put = (client: TestClient, body: unknown) => client.request('PUT', ApiRoutes.brandKit, body);
const kitOf = async (client: TestClient) => (await client.get(ApiRoutes.brandKit)).body.brandKit;
/** The bytes of a file the studio serves (the harness's client reads bodies as text). */
const bytesAt = async (client: TestClient, url: string) => {
  const response = await fetch(new URL(url, client.baseUrl), { headers: { cookie: client.cookieHeader, origin: client.origin } });
  return { status: response.status, type: response.headers.get('content-type'), bytes: Buffer.from(await response.arrayBuffer()) };
};

describe('brand kit', () => {
  it('reads as the defaults until saved, is saved whole, and is its owner’s only', async () => {
    const { client } = await member(studio);
    const other = await member(studio);
    expect((await studio.client().get(ApiRoutes.brandKit)).status).toBe(401);
    expect(await kitOf(client)).toEqual({ logoUrl: null, ...BRAND_KIT_DEFAULTS, updatedAt: null });

    const saved = await put(client, SETTINGS);
    expect(saved.status).toBe(200);
    const expected = { ...SETTINGS, primaryColor: '#0e7c66', ctaText: 'Shop the serum', logoUrl: null, updatedAt: expect.any(String) };
    expect(saved.body.brandKit).toEqual(expected);
    expect(await kitOf(client)).toEqual(expected);
    // Another user has a kit of their own, untouched.
    expect(await kitOf(other.client)).toEqual({ logoUrl: null, ...BRAND_KIT_DEFAULTS, updatedAt: null });

    // Emptying the CTA is a choice too.
    expect((await put(client, { ...SETTINGS, ctaText: '', ctaUrl: '' })).body.brandKit).toMatchObject({ ctaText: '', ctaUrl: '' });
  });

  it('refuses a colour, font, CTA or link it cannot use, with a clear message, and keeps the kit as it was', async () => {
    const { client } = await member(studio);
    await put(client, SETTINGS);
    const before = await kitOf(client);
    const refusals: [Record<string, unknown>, string][] = [
      [{ primaryColor: 'red' }, BrandKitMessages.colorInvalid],
      [{ secondaryColor: '#12345' }, BrandKitMessages.colorInvalid],
      [{ secondaryColor: 12 }, BrandKitMessages.colorInvalid],
      [{ fontId: 'comic-sans' }, BrandKitMessages.fontUnknown],
      [{ ctaText: 'x'.repeat(BRAND_CTA_TEXT_MAX + 1) }, BrandKitMessages.ctaTextTooLong],
      [{ ctaText: 'Shop\nnow' }, BrandKitMessages.ctaTextOneLine],
      [{ ctaUrl: 'javascript:alert(1)' }, BrandKitMessages.ctaUrlInvalid],
      [{ ctaUrl: 'ftp://luma.example.com' }, BrandKitMessages.ctaUrlInvalid],
      [{ ctaUrl: 'luma.example.com' }, BrandKitMessages.ctaUrlInvalid],
      [{ ctaUrl: 'https://luma.example.com/a b' }, BrandKitMessages.ctaUrlInvalid],
    ];
    for (const [change, message] of refusals) {
      const answer = await put(client, { ...SETTINGS, ...change });
      expect({ change, status: answer.status, message: answer.body.error?.message }).toEqual({ change, status: 400, message });
    }
    // The longest CTA is taken.
    expect((await put(client, { ...SETTINGS, ctaText: 'x'.repeat(BRAND_CTA_TEXT_MAX) })).status).toBe(200);
    expect((await kitOf(client)).ctaText).toHaveLength(BRAND_CTA_TEXT_MAX);
    await put(client, SETTINGS);
    expect(await kitOf(client)).toEqual({ ...before, updatedAt: expect.any(String) });
  });

  it('takes a PNG or WebP logo by its bytes, replaces it, keeps it out of the gallery and serves it to its owner only', async () => {
    const { user, client } = await member(studio);
    const other = await member(studio);
    await put(client, SETTINGS);

    const first = await client.post(ApiRoutes.brandKitLogo, logoForm(await logo('png')));
    expect(first.status).toBe(200);
    // The settings stay as saved.
    expect(first.body.brandKit).toMatchObject({
      ...SETTINGS,
      primaryColor: '#0e7c66',
      ctaText: 'Shop the serum',
      logoUrl: expect.any(String),
    });
    const firstUrl: string = first.body.brandKit.logoUrl;
    const served = await bytesAt(client, firstUrl);
    expect(served.status).toBe(200);
    expect(served.type).toBe('image/png');
    expect((await sharp(served.bytes).metadata()).width).toBe(120);
    expect((await bytesAt(other.client, firstUrl)).status).toBe(404);
    expect((await client.get(`${ApiRoutes.userAssets}/${user.id}`)).body.assets).toEqual([]);

    // A WebP sent under a .png name is taken as what it is; the logo before it is deleted.
    const second = await client.post(ApiRoutes.brandKitLogo, logoForm(await logo('webp'), 'logo.png', 'image/png'));
    expect(second.status).toBe(200);
    expect((await bytesAt(client, second.body.brandKit.logoUrl)).type).toBe('image/webp');
    expect((await bytesAt(client, firstUrl)).status).toBe(404);

    const removed = await client.delete(ApiRoutes.brandKitLogo);
    expect(removed.body.brandKit.logoUrl).toBeNull();
    expect((await bytesAt(client, second.body.brandKit.logoUrl)).status).toBe(404);
    expect(await studio.deps.db('user_assets').where({ user_id: user.id }).count({ n: '*' })).toEqual([{ n: 0 }]);
  });

  it('keeps one logo when two are uploaded at once (the other file is deleted, not left to fill the storage)', async () => {
    const { user, client } = await member(studio);
    const answers = await Promise.all([
      client.post(ApiRoutes.brandKitLogo, logoForm(await logo('png', '#ff0000'))),
      client.post(ApiRoutes.brandKitLogo, logoForm(await logo('png', '#0000ff'))),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const kept = (await kitOf(client)).logoUrl;
    expect((await bytesAt(client, kept)).status).toBe(200);
    expect(await studio.deps.db('user_assets').where({ user_id: user.id }).count({ n: '*' })).toEqual([{ n: 1 }]);
    // Removing a logo of a kit that has none changes nothing.
    const fresh = await member(studio);
    expect((await fresh.client.delete(ApiRoutes.brandKitLogo)).body.brandKit).toEqual({
      logoUrl: null,
      ...BRAND_KIT_DEFAULTS,
      updatedAt: null,
    });
  });

  it('refuses a logo that is not a PNG or WebP, whatever its name, and one of 5 MB or more, keeping the logo it had', async () => {
    const { user, client } = await member(studio);
    const kept = (await client.post(ApiRoutes.brandKitLogo, logoForm(await logo('png')))).body.brandKit.logoUrl;
    expect(kept).toEqual(expect.any(String));

    const refusals: [FormData, number, string][] = [
      [logoForm(await logo('jpeg'), 'logo.png', 'image/png'), 400, BrandKitMessages.logoTypeInvalid],
      [
        logoForm(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'logo.svg', 'image/svg+xml'),
        400,
        BrandKitMessages.logoTypeInvalid,
      ],
      [logoForm(Buffer.from('not an image at all'), 'logo.webp', 'image/webp'), 400, BrandKitMessages.logoTypeInvalid],
      [logoForm(Buffer.concat([await logo('png'), Buffer.alloc(5 * 1024 * 1024)])), 413, BrandKitMessages.logoTooLarge],
      [new FormData(), 400, BrandKitMessages.logoTypeInvalid],
    ];
    for (const [form, status, message] of refusals) {
      const answer = await client.post(ApiRoutes.brandKitLogo, form);
      expect({ status: answer.status, message: answer.body.error?.message }).toEqual({ status, message });
    }
    expect((await kitOf(client)).logoUrl).toBe(kept);
    expect(await studio.deps.db('user_assets').where({ user_id: user.id }).count({ n: '*' })).toEqual([{ n: 1 }]);
  });

  it('gives the video job its end card: the logo’s pixels, the CTA, the colours and the font', async () => {
    const { user, client } = await member(studio);
    await put(client, SETTINGS);
    await client.post(ApiRoutes.brandKitLogo, logoForm(await logo('png')));
    const endCard = await studio.deps.services.brandKit.endCardOf(user.id);
    expect(endCard).toMatchObject({
      logo: { mime: 'image/png', width: 120, height: 60 },
      ctaText: 'Shop the serum',
      ctaUrl: SETTINGS.ctaUrl,
      colors: { primary: '#0e7c66', secondary: '#ffd166' },
      fontId: 'playfair-display',
    });
    const card = await renderEndCard({ ...endCard, width: 180, height: 320, durationS: 0.8 });
    expect(card.layout.logo).toBeDefined();
    expect(card.video.subarray(4, 8).toString('latin1')).toBe('ftyp');
    // Without a kit: the defaults, no logo.
    const fresh = await member(studio);
    expect(await studio.deps.services.brandKit.endCardOf(fresh.user.id)).toEqual({
      ctaText: '',
      colors: { primary: BRAND_KIT_DEFAULTS.primaryColor, secondary: BRAND_KIT_DEFAULTS.secondaryColor },
      fontId: BRAND_KIT_DEFAULTS.fontId,
    });
  });

  it('serves each bundled font to the picker, the same set the media engine renders with', async () => {
    const { client } = await member(studio);
    expect(FONT_CHOICES.map((f) => f.id)).toEqual(BRAND_FONTS.map((f) => f.id));
    expect(FONT_CHOICES.map((f) => f.name)).toEqual(BRAND_FONTS.map((f) => f.name));
    for (const font of FONT_CHOICES) {
      const served = await bytesAt(client, ApiRoutes.brandKitFont.replace(':fontId', font.id));
      expect(served.status).toBe(200);
      expect(served.type).toBe('font/ttf');
      // A TrueType file starts with its version, 1.0.
      expect(served.bytes.subarray(0, 4)).toEqual(Buffer.from([0, 1, 0, 0]));
    }
    const unknown = await client.get(ApiRoutes.brandKitFont.replace(':fontId', '..%2F..%2Fetc%2Fpasswd'));
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toBe(BrandKitMessages.fontUnknown);
  });
});
