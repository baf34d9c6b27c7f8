/**
 * The brand kits table and its row ↔ kit mapping. A user without a row has the defaults; the
 * first save writes the row.
 */
import { BRAND_FONT_IDS, BRAND_KIT_DEFAULTS, type BrandFontId, type BrandKit } from '@studio/contracts';
import type { Db, Queryable } from '../../db/index.ts';

interface BrandKitRow {
  user_id: string;
  logo_asset_id: string | null;
  /** The logo's URL, joined from its asset. */
  logo_url: string | null;
  primary_color: string;
  secondary_color: string;
  font_id: string;
  cta_text: string;
  cta_url: string;
  updated_at: Date;
}

/** A font the studio no longer bundles reads as the default one (the end card draws that too). */
const fontIdOf = (id: string): BrandFontId =>
  (BRAND_FONT_IDS as readonly string[]).includes(id) ? (id as BrandFontId) : BRAND_KIT_DEFAULTS.fontId;

function toBrandKit(row: BrandKitRow | undefined): BrandKit {
  if (!row) return { logoUrl: null, ...BRAND_KIT_DEFAULTS, updatedAt: null };
  return {
    logoUrl: row.logo_url,
    primaryColor: row.primary_color,
    secondaryColor: row.secondary_color,
    fontId: fontIdOf(row.font_id),
    ctaText: row.cta_text,
    ctaUrl: row.cta_url,
    updatedAt: row.updated_at.toISOString(),
  };
}

const selectKit = (db: Queryable, userId: string) =>
  db('brand_kits as k')
    .leftJoin('user_assets as a', 'a.id', 'k.logo_asset_id')
    .where('k.user_id', userId)
    .first<BrandKitRow | undefined>('k.*', 'a.public_url as logo_url');

export async function findBrandKit(db: Queryable, userId: string): Promise<BrandKit> {
  return toBrandKit(await selectKit(db, userId));
}

/**
 * The kit's logo asset id, its row locked until the transaction ends (made first with the defaults
 * if there was none, so there is always a row to lock): two logo changes at once take turns, and
 * each deletes the logo the other left, never one still in use.
 */
export async function lockBrandKitLogo(trx: Queryable, userId: string): Promise<string | null> {
  await trx('brand_kits')
    .insert({ user_id: userId, ...settingsRow(BRAND_KIT_DEFAULTS) })
    .onConflict('user_id')
    .ignore();
  const row = await trx('brand_kits').where({ user_id: userId }).forUpdate().first<{ logo_asset_id: string | null }>('logo_asset_id');
  return row.logo_asset_id;
}

export type BrandKitSettings = Pick<BrandKit, 'primaryColor' | 'secondaryColor' | 'fontId' | 'ctaText' | 'ctaUrl'>;

const settingsRow = (settings: BrandKitSettings) => ({
  primary_color: settings.primaryColor,
  secondary_color: settings.secondaryColor,
  font_id: settings.fontId,
  cta_text: settings.ctaText,
  cta_url: settings.ctaUrl,
});

/** Writes the kit's settings (not its logo), creating the row on the first save. */
export async function upsertBrandKitSettings(db: Db, userId: string, settings: BrandKitSettings): Promise<void> {
  await db('brand_kits')
    .insert({ user_id: userId, ...settingsRow(settings) })
    .onConflict('user_id')
    .merge({ ...settingsRow(settings), updated_at: db.fn.now() });
}

/** Points the kit's (locked) row at a logo, or none. */
export async function setBrandKitLogo(trx: Queryable, userId: string, logoAssetId: string | null): Promise<void> {
  await trx('brand_kits').where({ user_id: userId }).update({ logo_asset_id: logoAssetId, updated_at: trx.fn.now() });
}

/** The kit's logo asset id, or null (no kit, or no logo). */
export async function findBrandKitLogoId(db: Queryable, userId: string): Promise<string | null> {
  const row = await db('brand_kits').where({ user_id: userId }).first<{ logo_asset_id: string | null } | undefined>('logo_asset_id');
  return row?.logo_asset_id ?? null;
}
