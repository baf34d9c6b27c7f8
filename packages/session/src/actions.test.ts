import { afterEach, describe, expect, it, vi } from 'vitest';
import { getDefaultStore } from 'jotai';
import type { Profile, User } from '@studio/contracts';
import { applySession, refreshSession } from './actions.ts';
import { clearSession } from './clear-session.ts';
import { sessionStatusAtom, userAtom } from './atoms.ts';

const user = { id: 'u1', email: 'reset@example.com' } as User;
const profile = { id: 'u1', credits_remaining: 100 } as Profile;

/** Stubs `fetch` with one answer that arrives only when `answer` is called. */
function slowSessionProbe(body: unknown): { answer: () => void } {
  let answer = () => undefined as void;
  const arrived = new Promise<void>((resolve) => (answer = resolve));
  vi.stubGlobal('fetch', async () => {
    await arrived;
    return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  return { answer };
}

afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

describe('refreshSession', () => {
  it('drops a signed-out answer overtaken by a session opened meanwhile (a reset link)', async () => {
    const probe = slowSessionProbe({ user: null, profile: null });
    const read = refreshSession();
    applySession({ user, profile, recovery: true });
    probe.answer();
    await read;
    expect(getDefaultStore().get(sessionStatusAtom)).toBe('signed_in');
    expect(getDefaultStore().get(userAtom)?.email).toBe(user.email);
  });

  it('drops a signed-in answer overtaken by a sign-out', async () => {
    applySession({ user, profile });
    const probe = slowSessionProbe({ user, profile });
    const read = refreshSession();
    clearSession();
    probe.answer();
    await read;
    expect(getDefaultStore().get(sessionStatusAtom)).toBe('signed_out');
  });

  it('applies an answer nothing overtook', async () => {
    applySession({ user, profile });
    const probe = slowSessionProbe({ user: null, profile: null });
    const read = refreshSession();
    probe.answer();
    await read;
    expect(getDefaultStore().get(sessionStatusAtom)).toBe('signed_out');
    expect(getDefaultStore().get(userAtom)).toBeNull();
  });
});
