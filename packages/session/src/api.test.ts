import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from './api.ts';

const sent: string[] = [];

function stubFetch(): void {
  vi.stubGlobal('fetch', async (path: string, init: RequestInit) => {
    sent.push(`${init.method ?? 'GET'} ${path}`);
    return new Response('{"ok":true}', { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
}

/** Lets every microtask queued so far run: what is still pending waits for a later task. */
async function endOfThisTask(): Promise<void> {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}

afterEach(() => {
  vi.unstubAllGlobals();
  sent.length = 0;
});

describe('apiFetch', () => {
  it('sends a read from the next task, so a screen mounted by a click is drawn before the request starts', async () => {
    stubFetch();
    const read = apiFetch<{ ok: boolean }>('/api/credits');
    await endOfThisTask();
    expect(sent).toEqual([]);
    expect(await read).toEqual({ ok: true });
    expect(sent).toEqual(['GET /api/credits']);
  });

  it('sends the reads of one task together from one timer', async () => {
    stubFetch();
    const timers = vi.spyOn(globalThis, 'setTimeout');
    const reads = [apiFetch('/api/credits'), apiFetch('/api/profile'), apiFetch('/api/plan-status')];
    await endOfThisTask();
    expect(sent).toEqual([]);
    await Promise.all(reads);
    expect(sent).toEqual(['GET /api/credits', 'GET /api/profile', 'GET /api/plan-status']);
    expect(timers.mock.calls.filter(([, delay]) => delay === 0)).toHaveLength(1);
    timers.mockRestore();
  });

  it('sends a write at once', async () => {
    stubFetch();
    const write = apiFetch('/api/profile', { method: 'PATCH', json: { username: 'ada' } });
    await endOfThisTask();
    expect(sent).toEqual(['PATCH /api/profile']);
    await write;
  });
});
