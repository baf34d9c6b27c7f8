import { SavedVoiceSettings } from '@studio/contracts';
import { ApiError } from '@studio/session';
import { saveVoice } from './api.ts';

/** Where earlier versions of the studio kept saved voices, in the browser only. */
export const LEGACY_SAVED_VOICES_KEY = 'savedVoices';

const LegacySettings = SavedVoiceSettings.partial();

/**
 * Moves saved voices the browser still holds into the database, once (spec 2 §7): each is saved
 * (one already there counts as moved), then the browser's copy is dropped. Answers how many moved.
 */
export async function migrateLegacySavedVoices(storage: Storage = localStorage): Promise<number> {
  const raw = storage.getItem(LEGACY_SAVED_VOICES_KEY);
  if (raw === null) return 0;
  let entries: unknown[] = [];
  try {
    const parsed: unknown = JSON.parse(raw);
    entries = Array.isArray(parsed) ? parsed : [];
  } catch {
    entries = [];
  }
  let moved = 0;
  for (const entry of entries) {
    const { name, voiceId, settings } = (entry ?? {}) as { name?: unknown; voiceId?: unknown; settings?: unknown };
    if (typeof name !== 'string' || typeof voiceId !== 'string') continue;
    const parsed = LegacySettings.safeParse(settings ?? {});
    const { stability = 0.5, similarity = 0.75, speed = 1 } = parsed.success ? parsed.data : {};
    try {
      await saveVoice({ name: name.slice(0, 100), voice_id: voiceId, voice_settings: { stability, similarity, speed } });
      moved += 1;
    } catch (error) {
      // Already saved (409) is done; an invalid old entry (400) or a voice this user may not use (404: gone,
      // or someone else's clone) cannot be moved. Anything else: try next time.
      if (!(error instanceof ApiError) || ![400, 404, 409].includes(error.status)) return moved;
    }
  }
  storage.removeItem(LEGACY_SAVED_VOICES_KEY);
  return moved;
}
