import { randomBytes } from 'node:crypto';
import {
  Messages,
  PRESET_CATEGORY,
  VOICE_PRESETS,
  voiceAlreadySaved,
  type SavedVoice,
  type VoiceLibraryEntry,
  type VoiceProfile,
} from '@studio/contracts';
import type { LibraryVoice, LocalVoice, SpeechVoice, VoiceProvider } from '@studio/media';
import type { Db } from '../../db/index.ts';
import { conflict, DbErrorCodes, isDbError, notFound } from '../../errors.ts';

/** URL of a voice's preview line (made once per voice, then served from disk). */
export const voicePreviewUrl = (voiceId: string) => `/api/voices/${voiceId}/preview`;
/** The category a user's own voices (profiles) are listed under. */
export const OWN_VOICES_CATEGORY = 'My voices';

export const PRESET_ENTRIES: VoiceLibraryEntry[] = VOICE_PRESETS.map((p) => ({
  id: p.id,
  name: p.name,
  description: p.description,
  category: PRESET_CATEGORY,
  previewUrl: voicePreviewUrl(p.id),
  labels: { accent: p.accent, gender: p.gender },
}));
const PRESETS = new Map(PRESET_ENTRIES.map((e) => [e.id, e]));

interface ProfileRow {
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

const toProfile = (row: ProfileRow): VoiceProfile => ({
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
const profileEntry = (row: ProfileRow): VoiceLibraryEntry => ({
  id: row.voice_id,
  name: row.name,
  description: row.type === 'cloned' ? (row.approximation ? 'Cloned voice (closest local voice)' : 'Cloned voice') : 'Custom voice',
  category: OWN_VOICES_CATEGORY,
  previewUrl: voicePreviewUrl(row.voice_id),
});

const UUID = /^[0-9a-f-]{36}$/;

export const libraryEntry = (v: LibraryVoice): VoiceLibraryEntry => ({
  id: v.id,
  name: v.name,
  description: v.description,
  category: v.category,
  previewUrl: v.previewUrl,
  labels: { accent: v.labels.accent, gender: v.labels.gender },
});

/**
 * The hosted voices among `voiceIds` that another user recorded as their clone: a clone lives in
 * the studio's one provider account, so the account alone cannot say whose it is.
 */
async function othersClones(db: Db, userId: string, voiceIds: string[]): Promise<Set<string>> {
  if (voiceIds.length === 0) return new Set();
  const rows = await db('voice_profiles')
    .where({ type: 'cloned' })
    .whereNot({ user_id: userId })
    .whereIn('voice_id', voiceIds)
    .select<{ voice_id: string }[]>('voice_id');
  return new Set(rows.map((r) => r.voice_id));
}

/**
 * The hosted voices a user may list (security probe 6): the provider's public ones, and the
 * personal ones (clones) only when one of the user's own cloned profiles records them. Another
 * user's clone, or a clone nobody's profile records any more, is not theirs to see.
 */
export async function listHostedVoices(db: Db, provider: VoiceProvider, userId: string): Promise<LibraryVoice[]> {
  const hosted = await provider.listVoices();
  const ids = hosted.map((v) => v.id);
  const own = new Set(
    ids.length === 0
      ? []
      : (
          await db('voice_profiles')
            .where({ user_id: userId, type: 'cloned' })
            .whereIn('voice_id', ids)
            .select<{ voice_id: string }[]>('voice_id')
        ).map((r) => r.voice_id),
  );
  const others = await othersClones(db, userId, ids);
  return hosted.filter((v) => own.has(v.id) || (!v.personal && !others.has(v.id)));
}

/**
 * A voice the user may speak with: a preset, one of their own cloned profiles (a local clone
 * carries the engine's voice), or a public voice of the hosted provider (a custom profile names
 * one of those, and is checked as one). Another user's clone is unknown to them, as is any
 * personal voice of the account (security probe 6). A provider that cannot answer throws (a
 * MediaError).
 */
export async function resolveVoice(
  db: Db,
  provider: VoiceProvider,
  userId: string,
  voiceId: string,
): Promise<{ entry: VoiceLibraryEntry; speech: SpeechVoice } | null> {
  const preset = PRESETS.get(voiceId);
  if (preset) return { entry: preset, speech: { id: voiceId } };
  const row = await db('voice_profiles').where({ user_id: userId, voice_id: voiceId }).first<ProfileRow | undefined>();
  if (row?.type === 'cloned') return { entry: profileEntry(row), speech: { id: voiceId, local: row.local_voice ?? undefined } };
  const hosted = await provider.getVoice(voiceId);
  if (!hosted || hosted.personal || (await othersClones(db, userId, [voiceId])).size > 0) return null;
  return { entry: row ? profileEntry(row) : libraryEntry(hosted), speech: { id: voiceId } };
}

/** A new voice id for a cloned voice: letters and digits, 20 long, as a provider's would be. */
export function newVoiceId(): string {
  return `clone${randomBytes(12).toString('hex').slice(0, 15)}`;
}

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
  if (!UUID.test(id)) throw notFound();
  const update: Record<string, unknown> = { updated_at: db.fn.now() };
  if (changes.name !== undefined) update.name = changes.name;
  if (changes.voice_settings !== undefined) update.voice_settings = JSON.stringify(changes.voice_settings);
  const [row] = await db('saved_voices').where({ id, user_id: userId }).update(update).returning<SavedRow[]>('*');
  if (!row) throw notFound();
  return toSaved(row);
}

export async function deleteSavedVoice(db: Db, userId: string, id: string): Promise<void> {
  if (!UUID.test(id) || (await db('saved_voices').where({ id, user_id: userId }).delete()) === 0) throw notFound();
}

export async function isVoiceSaved(db: Db, userId: string, voiceId: string): Promise<boolean> {
  return Boolean(await db('saved_voices').where({ user_id: userId, voice_id: voiceId }).first('id'));
}

// Voice profiles (spec 2 §3 "Voice profile").

export async function listActiveProfiles(db: Db, userId: string): Promise<VoiceProfile[]> {
  const rows = await db('voice_profiles')
    .where({ user_id: userId, is_active: true })
    .orderBy('created_at', 'desc')
    .select<ProfileRow[]>('*');
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
      .returning<ProfileRow[]>('*');
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
  if (!UUID.test(id)) throw notFound();
  const [row] = await db('voice_profiles')
    .where({ id, user_id: userId })
    .update({ ...changes, updated_at: db.fn.now() })
    .returning<ProfileRow[]>('*');
  if (!row) throw notFound();
  return toProfile(row);
}

export async function deleteProfile(db: Db, userId: string, id: string): Promise<void> {
  if (!UUID.test(id) || (await db('voice_profiles').where({ id, user_id: userId }).delete()) === 0) throw notFound();
}

/** Sets the voice one of the user's characters speaks with; a profile named must be theirs too. */
export async function setCharacterVoice(
  db: Db,
  userId: string,
  characterId: string,
  voice: { voice_id: string; voice_profile_id?: string | null; voice_settings: Record<string, number> },
): Promise<void> {
  if (!UUID.test(characterId)) throw notFound();
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
