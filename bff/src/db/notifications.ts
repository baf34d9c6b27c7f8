/**
 * Postgres NOTIFY, heard by every bff process: the database announces job changes and ledger
 * writes (migration 010), whoever made them (this process, another one, a Temporal worker). One
 * dedicated connection per process LISTENs; it reconnects after a failure, and then tells whoever
 * keeps state (`onResume`) to read it again, since what changed meanwhile was not announced: the
 * plan-status cache is emptied and every job event stream re-reads its job.
 */
import pg from 'pg';
import type { Logger } from '../logger.ts';

export const CHANNELS = { jobs: 'studio_jobs', planStatus: 'studio_plan_status' } as const;
type Channel = (typeof CHANNELS)[keyof typeof CHANNELS];

export interface Notifications {
  /** Calls `listener` with each payload on `channel`; answers the function that stops it. */
  on(channel: Channel, listener: (payload: string) => void): () => void;
  /**
   * Calls `listener` each time listening resumes after it was lost: what changed meanwhile was not
   * announced, so what the listener keeps must be read again. Answers the function that stops it.
   */
  onResume(listener: () => void): () => void;
  close(): Promise<void>;
}

const RECONNECT_MS = 2000;

export function listenForChanges(databaseUrl: string, logger: Logger): Notifications {
  const listeners = new Map<Channel, Set<(payload: string) => void>>();
  const resumed = new Set<() => void>();
  let listened = false;
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async () => {
    const next = new pg.Client({ connectionString: databaseUrl });
    next.on('notification', (message) => {
      for (const listener of listeners.get(message.channel as Channel) ?? []) listener(message.payload ?? '');
    });
    next.on('error', (error) => {
      if (closed) return;
      logger.warn({ err: error }, 'database notifications lost; reconnecting');
      void next.end().catch(() => undefined);
      if (client === next) client = null;
      schedule();
    });
    try {
      await next.connect();
      for (const channel of Object.values(CHANNELS)) await next.query(`LISTEN ${channel}`);
      if (closed) await next.end();
      else {
        client = next;
        if (listened) for (const listener of resumed) listener();
        listened = true;
      }
    } catch (error) {
      logger.warn({ err: error }, 'database notifications unavailable; retrying');
      void next.end().catch(() => undefined);
      schedule();
    }
  };
  const schedule = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, RECONNECT_MS);
    retry.unref();
  };
  const ready = connect();

  return {
    on(channel, listener) {
      let set = listeners.get(channel);
      if (!set) listeners.set(channel, (set = new Set()));
      set.add(listener);
      return () => set.delete(listener);
    },
    onResume(listener) {
      resumed.add(listener);
      return () => resumed.delete(listener);
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      await ready;
      await client?.end().catch(() => undefined);
      client = null;
    },
  };
}
