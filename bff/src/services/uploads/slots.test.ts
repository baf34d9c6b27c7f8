import { describe, expect, it } from 'vitest';
import { createSlots } from './slots.ts';

describe('decode slots', () => {
  it('never runs more than the limit at once, and starts waiting work in arrival order', async () => {
    const slots = createSlots(2, 10);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const task = (i: number) =>
      slots.run(async () => {
        started.push(i);
        most = Math.max(most, ++running);
        await new Promise((resolve) => setTimeout(resolve, 5 + (i % 3)));
        running--;
        return i;
      });
    const results = await Promise.all([0, 1, 2, 3, 4, 5, 6, 7].map(task));
    expect(results).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(most).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(slots.running).toBe(0);
  });

  it('frees the slot of work that fails, and refuses work past the queue with 503', async () => {
    const slots = createSlots(1, 1);
    let release!: () => void;
    const holding = slots.run(() => new Promise<void>((resolve) => (release = resolve)));
    const queued = slots.run(async () => 'queued');
    await expect(slots.run(async () => 'refused')).rejects.toMatchObject({ status: 503 });
    release();
    await holding;
    expect(await queued).toBe('queued');
    await expect(slots.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await slots.run(async () => 'after')).toBe('after');
  });
});
