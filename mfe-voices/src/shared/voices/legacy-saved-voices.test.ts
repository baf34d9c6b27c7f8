import { afterEach, describe, expect, it, vi } from 'vitest';
import { cachedInBrowser } from '../../lib/browser-cache.ts';
import { LEGACY_SAVED_VOICES_KEY, migrateLegacySavedVoices } from './legacy-saved-voices.ts';

/** Browser storage as a Map. */
function memoryStorage(initial: Record<string, string> = {}): Storage {
  const map = new Map(Object.entries(initial));
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, v),
  };
}
const answer = (status: number, body: unknown = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

describe('moving saved voices out of browser storage (spec 2 §7)', () => {
  it('saves each old entry once, counts one already saved as moved, then drops the browser copy', async () => {
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        sent.push(JSON.parse(init.body as string));
        return sent.length === 2 ? answer(409, { error: { code: 'conflict', message: 'already' } }) : answer(200, { success: true });
      }),
    );
    const storage = memoryStorage({
      [LEGACY_SAVED_VOICES_KEY]: JSON.stringify([
        { name: 'Narrator', voiceId: 'studioAdam01', settings: { stability: 0.4, similarity: 0.9, speed: 1.2 } },
        { name: 'Dup', voiceId: 'studioGrace01' },
        { nonsense: true },
      ]),
    });
    expect(await migrateLegacySavedVoices(storage)).toBe(1);
    expect(sent).toEqual([
      { name: 'Narrator', voice_id: 'studioAdam01', voice_settings: { stability: 0.4, similarity: 0.9, speed: 1.2 } },
      { name: 'Dup', voice_id: 'studioGrace01', voice_settings: { stability: 0.5, similarity: 0.75, speed: 1 } },
    ]);
    expect(storage.getItem(LEGACY_SAVED_VOICES_KEY)).toBeNull();
  });

  it('drops an old entry whose voice the server does not know for this user (404), and moves the rest', async () => {
    const sent: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        sent.push((JSON.parse(init.body as string) as { voice_id: string }).voice_id);
        return sent.length === 1
          ? answer(404, { error: { code: 'not_found', message: 'Voice ID not found in your voice provider account' } })
          : answer(200, { success: true });
      }),
    );
    const storage = memoryStorage({
      [LEGACY_SAVED_VOICES_KEY]: JSON.stringify([
        { name: 'Gone', voiceId: 'someoneElsesClone01' },
        { name: 'Narrator', voiceId: 'studioAdam01' },
      ]),
    });
    expect(await migrateLegacySavedVoices(storage)).toBe(1);
    expect(sent).toEqual(['someoneElsesClone01', 'studioAdam01']);
    expect(storage.getItem(LEGACY_SAVED_VOICES_KEY)).toBeNull();
  });

  it('keeps the browser copy when the server cannot be reached, to try again later', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(503, { error: { code: 'internal', message: 'down' } })),
    );
    const storage = memoryStorage({ [LEGACY_SAVED_VOICES_KEY]: JSON.stringify([{ name: 'A', voiceId: 'studioAdam01' }]) });
    expect(await migrateLegacySavedVoices(storage)).toBe(0);
    expect(storage.getItem(LEGACY_SAVED_VOICES_KEY)).not.toBeNull();
  });
});

describe('browser cache of voice answers', () => {
  it('answers from storage within its time and loads again after', async () => {
    vi.stubGlobal('localStorage', memoryStorage());
    let now = 1_000;
    const load = vi.fn(async () => ({ n: load.mock.calls.length }));
    expect(await cachedInBrowser('k', 300_000, load, () => now)).toEqual({ n: 1 });
    now += 299_000;
    expect(await cachedInBrowser('k', 300_000, load, () => now)).toEqual({ n: 1 });
    now += 2_000;
    expect(await cachedInBrowser('k', 300_000, load, () => now)).toEqual({ n: 2 });
  });
});
