import { describe, expect, it } from 'vitest';
import { QueryObserver } from '@tanstack/react-query';
import { createQueryClient, QUERY_GC_TIME_MS, QUERY_STALE_TIME_MS, getQueryClient, retryDelay, sessionQueryKeys } from './query.ts';

describe('the shared query client', () => {
  it('backs off min(1000 * 2^n, 30000) ms', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
  it('keeps data fresh 5 min, cached 10 min, one retry, no refetch on focus or reconnect', () => {
    const q = createQueryClient().getDefaultOptions().queries!;
    expect(q.staleTime).toBe(QUERY_STALE_TIME_MS);
    expect(QUERY_STALE_TIME_MS).toBe(300_000);
    expect(q.gcTime).toBe(QUERY_GC_TIME_MS);
    expect(QUERY_GC_TIME_MS).toBe(600_000);
    expect(q.retry).toBe(1);
    expect(q.refetchOnWindowFocus).toBe(false);
    expect(q.refetchOnReconnect).toBe(false);
  });
  it('is one client for every caller', () => {
    expect(getQueryClient()).toBe(getQueryClient());
  });
  it("re-reads a watched ['credits'] at once when another app invalidates it, though still fresh", async () => {
    const client = createQueryClient();
    let reads = 0;
    const observer = new QueryObserver(client, { queryKey: sessionQueryKeys.credits, queryFn: async () => ++reads });
    const unsubscribe = observer.subscribe(() => undefined);
    await client.fetchQuery({ queryKey: sessionQueryKeys.credits, queryFn: async () => ++reads });
    const before = reads;
    await client.invalidateQueries({ queryKey: ['credits'] });
    expect(reads).toBe(before + 1);
    unsubscribe();
  });
});
