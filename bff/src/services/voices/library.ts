import { randomBytes } from 'node:crypto';
import { PRESET_CATEGORY, VOICE_PRESETS, type VoiceLibraryEntry } from '@studio/contracts';
import type { LibraryVoice, SpeechVoice, VoiceProvider } from '@studio/media';
import type { Db } from '../../db/index.ts';
import type { VoiceProfileRow } from './store.ts';

/** URL of a voice's preview line (made once per voice, then kept in the object store). */
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

const profileEntry = (row: VoiceProfileRow): VoiceLibraryEntry => ({
  id: row.voice_id,
  name: row.name,
  description: row.type === 'cloned' ? (row.approximation ? 'Cloned voice (closest local voice)' : 'Cloned voice') : 'Custom voice',
  category: OWN_VOICES_CATEGORY,
  previewUrl: voicePreviewUrl(row.voice_id),
});

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
 * The hosted voices a user may list: the provider's public ones, and the
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
 * personal voice of the account. A provider that cannot answer throws (a
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
  const row = await db('voice_profiles').where({ user_id: userId, voice_id: voiceId }).first<VoiceProfileRow | undefined>();
  if (row?.type === 'cloned') return { entry: profileEntry(row), speech: { id: voiceId, local: row.local_voice ?? undefined } };
  const hosted = await provider.getVoice(voiceId);
  if (!hosted || hosted.personal || (await othersClones(db, userId, [voiceId])).size > 0) return null;
  return { entry: row ? profileEntry(row) : libraryEntry(hosted), speech: { id: voiceId } };
}

/** A new voice id for a cloned voice: letters and digits, 20 long, as a provider's would be. */
export function newVoiceId(): string {
  return `clone${randomBytes(12).toString('hex').slice(0, 15)}`;
}

// Voice profiles (spec 2 §3 "Voice profile").
