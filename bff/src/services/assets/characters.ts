import { Messages, TrainingRoutes, type Character } from '@studio/contracts';
import type { Db, Queryable } from '../../db/index.ts';
import { notFound } from '../../errors.ts';
import { assertRowId } from '../ids.ts';
import { getOwnAsset } from './store.ts';

export async function listCharacters(db: Db, userId: string): Promise<Character[]> {
  const rows = await db('characters as c')
    .leftJoin('user_assets as a', 'a.id', 'c.latest_asset_id')
    // A trained character without images of its own yet shows its training sample.
    .leftJoin('trained_models as m', (j) => void j.on('m.character_id', 'c.id').andOnNotNull('m.sample_key'))
    .where({ 'c.user_id': userId })
    .orderBy('c.created_at', 'desc')
    .select<
      {
        id: string;
        name: string;
        created_at: Date;
        public_url: string | null;
        voice_id: string | null;
        voice_settings: Record<string, number> | null;
        model_id: string | null;
      }[]
    >('c.id', 'c.name', 'c.created_at', 'a.public_url', 'c.voice_id', 'c.voice_settings', 'm.id as model_id');
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    latestImageUrl: r.public_url ?? (r.model_id ? `${TrainingRoutes.models}/${r.model_id}/sample` : null),
    voiceId: r.voice_id,
    voiceSettings: r.voice_settings,
    created_at: r.created_at.toISOString(),
  }));
}

/**
 * A character id a request names must be the caller's: anyone else's is answered like one that does
 * not exist (the database's foreign key would otherwise tell which ids exist).
 */
export async function assertOwnCharacter(db: Queryable, userId: string, characterId: string): Promise<void> {
  assertRowId(characterId, 'characterId');
  const own = await db('characters').where({ id: characterId, user_id: userId }).first('id');
  if (!own) throw notFound(Messages.characterNotFound);
}

/** Associates one of the user's assets with one of their characters, which then shows it as its latest image. */
export async function associateWithCharacter(db: Db, userId: string, characterId: string, assetId: string): Promise<void> {
  const asset = await getOwnAsset(db, userId, assetId);
  assertRowId(characterId, 'characterId');
  await db.transaction(async (trx) => {
    const updated = await trx('characters').where({ id: characterId, user_id: userId }).update({ latest_asset_id: asset.id });
    if (updated === 0) throw notFound();
    await trx('user_assets').where({ id: asset.id }).update({ character_id: characterId });
  });
}
