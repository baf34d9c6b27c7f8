/**
 * Answers kept in browser storage for a while (spec 2 §7: the voice library 5 minutes, a voice's
 * info 1 hour), so a reload or another editor does not ask again.
 */
export async function cachedInBrowser<T>(key: string, ttlMs: number, load: () => Promise<T>, now = Date.now): Promise<T> {
  try {
    const saved = JSON.parse(localStorage.getItem(key) ?? 'null') as { at: number; value: T } | null;
    if (saved && now() - saved.at < ttlMs) return saved.value;
  } catch {
    // unreadable or unavailable storage: load again
  }
  const value = await load();
  try {
    localStorage.setItem(key, JSON.stringify({ at: now(), value }));
  } catch {
    // full or private storage: the answer is still good for now
  }
  return value;
}

/** spec 2 §9. */
export const LIBRARY_CACHE_MS = 5 * 60_000;
export const VOICE_INFO_CACHE_MS = 60 * 60_000;
