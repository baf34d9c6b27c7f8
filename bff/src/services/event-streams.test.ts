import { describe, expect, it } from 'vitest';
import { SessionWatch } from './event-streams.ts';

describe('SessionWatch', () => {
  it('checks the sessions of all open streams in one call, closing only those whose session ended', async () => {
    const calls: string[][] = [];
    let live = new Set(['a', 'b']);
    const errors: unknown[] = [];
    const watch = new SessionWatch(
      async (hashes) => {
        calls.push([...hashes].sort());
        return live;
      },
      (error) => errors.push(error),
      60_000,
    );
    const closed: string[] = [];
    const stream = (hash: string, name: string) => {
      const release = watch.add(hash, () => (closed.push(name), release()));
    };
    stream('a', 'a1');
    stream('a', 'a2');
    stream('b', 'b1');
    await watch.check();
    expect(calls).toEqual([['a', 'b']]);
    expect(closed).toEqual([]);

    live = new Set(['b']);
    await watch.check();
    expect(calls).toHaveLength(2);
    expect(closed).toEqual(['a1', 'a2']);

    // A check that fails closes nothing; the next one decides.
    const failing = new SessionWatch(
      () => Promise.reject(new Error('connection lost')),
      (error) => errors.push(error),
      60_000,
    );
    let failingClosed = false;
    const release = failing.add('c', () => (failingClosed = true));
    await failing.check();
    expect(failingClosed).toBe(false);
    expect(errors).toHaveLength(1);
    release();
  });
});
