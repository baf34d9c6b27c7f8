import { Messages, voiceAlreadySaved, type SavedVoice, type VoiceProfile } from '@studio/contracts';
import type { LocalVoice } from '@studio/media';
import type { Db } from '../../db/index.ts';
import { conflict, DbErrorCodes, isDbError, notFound } from '../../errors.ts';
import { assertRowId } from '../ids.ts';

export interface VoiceProfileRow {
  id: string;
  user_id: string;
  name: string;
  voice_id: string;
  type: 'custom' | 'cloned';
  is_active: boolean;
  local_voice: LocalVoice | null;
  approximation: boolean;
  created_at: Date;
  updated_at: Date;
}
interface SavedRow {
  id: string;
  name: string;
  voice_id: string;
  voice_settings: SavedVoice['voice_settings'];
  created_at: Date;
  updated_at: Date;
}

const toProfile = (row: VoiceProfileRow): VoiceProfile => ({
  id: row.id,
  name: row.name,
  voice_id: row.voice_id,
  type: row.type,
  is_active: row.is_active,
  approximation: row.approximation,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});
const toSaved = (row: SavedRow): SavedVoice => ({
  id: row.id,
  name: row.name,
  voice_id: row.voice_id,
  voice_settings: row.voice_settings,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

// Saved voices (spec 2 §3 "Saved voice record").

export async function listSavedVoices(db: Db, userId: string): Promise<SavedVoice[]> {
  const rows = await db('saved_voices').where({ user_id: userId }).orderBy('created_at', 'desc').select<SavedRow[]>('*');
  return rows.map(toSaved);
}

export async function saveVoice(
  db: Db,
  userId: string,
  voice: Pick<SavedVoice, 'name' | 'voice_id' | 'voice_settings'>,
): Promise<SavedVoice> {
  try {
    const [row] = await db('saved_voices')
      .insert({ user_id: userId, name: voice.name, voice_id: voice.voice_id, voice_settings: JSON.stringify(voice.voice_settings) })
      .returning<SavedRow[]>('*');
    return toSaved(row!);
  } catch (error) {
    // spec 2 §8: the unique violation (23505) of a duplicate.
    if (isDbError(error, DbErrorCodes.uniqueViolation)) throw conflict(voiceAlreadySaved(voice.voice_id));
    throw error;
  }
}

export async function updateSavedVoice(
  db: Db,
  userId: string,
  id: string,
  changes: Partial<Pick<SavedVoice, 'name' | 'voice_settings'>>,
): Promise<SavedVoice> {
  assertRowId(id);
  const update: Record<string, unknown> = { updated_at: db.fn.now() };
  if (changes.name !== undefined) update.name = changes.name;
  if (changes.voice_settings !== undefined) update.voice_settings = JSON.stringify(changes.voice_settings);
  const [row] = await db('saved_voices').where({ id, user_id: userId }).update(update).returning<SavedRow[]>('*');
  if (!row) throw notFound();
  return toSaved(row);
}

export async function deleteSavedVoice(db: Db, userId: string, id: string): Promise<void> {
  assertRowId(id);
  if ((await db('saved_voices').where({ id, user_id: userId }).delete()) === 0) throw notFound();
}

export async function isVoiceSaved(db: Db, userId: string, voiceId: string): Promise<boolean> {
  return Boolean(await db('saved_voices').where({ user_id: userId, voice_id: voiceId }).first('id'));
}

export async function listActiveProfiles(db: Db, userId: string): Promise<VoiceProfile[]> {
  const rows = await db('voice_profiles')
    .where({ user_id: userId, is_active: true })
    .orderBy('created_at', 'desc')
    .select<VoiceProfileRow[]>('*');
  return rows.map(toProfile);
}

export async function createProfile(
  db: Db,
  userId: string,
  profile: { name: string; voiceId: string; type: 'custom' | 'cloned'; localVoice?: LocalVoice; approximation?: boolean },
): Promise<VoiceProfile> {
  try {
    const [row] = await db('voice_profiles')
      .insert({
        user_id: userId,
        name: profile.name,
        voice_id: profile.voiceId,
        type: profile.type,
        local_voice: profile.localVoice ? JSON.stringify(profile.localVoice) : null,
        approximation: profile.approximation ?? false,
      })
      .returning<VoiceProfileRow[]>('*');
    return toProfile(row!);
  } catch (error) {
    if (isDbError(error, DbErrorCodes.uniqueViolation)) throw conflict(Messages.voiceProfileFailedIdActive);
    throw error;
  }
}

export async function updateProfile(
  db: Db,
  userId: string,
  id: string,
  changes: { name?: string; is_active?: boolean },
): Promise<VoiceProfile> {
  assertRowId(id);
  const [row] = await db('voice_profiles')
    .where({ id, user_id: userId })
    .update({ ...changes, updated_at: db.fn.now() })
    .returning<VoiceProfileRow[]>('*');
  if (!row) throw notFound();
  return toProfile(row);
}

export async function deleteProfile(db: Db, userId: string, id: string): Promise<void> {
  assertRowId(id);
  if ((await db('voice_profiles').where({ id, user_id: userId }).delete()) === 0) throw notFound();
}

/** Sets the voice one of the user's characters speaks with; a profile named must be theirs too. */
export async function setCharacterVoice(
  db: Db,
  userId: string,
  characterId: string,
  voice: { voice_id: string; voice_profile_id?: string | null; voice_settings: Record<string, number> },
): Promise<void> {
  assertRowId(characterId, 'characterId');
  if (voice.voice_profile_id && !(await db('voice_profiles').where({ id: voice.voice_profile_id, user_id: userId }).first('id')))
    throw notFound();
  const updated = await db('characters')
    .where({ id: characterId, user_id: userId })
    .update({
      voice_id: voice.voice_id,
      voice_profile_id: voice.voice_profile_id ?? null,
      voice_settings: JSON.stringify(voice.voice_settings),
    });
  if (updated === 0) throw notFound();
}
