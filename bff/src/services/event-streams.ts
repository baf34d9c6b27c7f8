import type { Db } from '../db/index.ts';

/**
 * Server-Sent-Event streams hold a connection and timers each for as long as they are open: a
 * user who opens them in a loop would hold the server's sockets. Each
 * user keeps at most `max` open in this process; opening one more closes their oldest (a browser
 * tab reopens its stream by itself, so the newest is the one wanted).
 */
export const MAX_EVENT_STREAMS_PER_USER = 10;

export class EventStreamLimit {
  private readonly open = new Map<string, Set<() => void>>();

  constructor(private readonly max = MAX_EVENT_STREAMS_PER_USER) {}

  /** Counts a stream that `close` ends; returns what to call once it has ended, however it ended. */
  add(userId: string, close: () => void): () => void {
    let streams = this.open.get(userId);
    if (!streams) this.open.set(userId, (streams = new Set()));
    streams.add(close);
    // A Set iterates in insertion order: the first is the oldest.
    if (streams.size > this.max) {
      const oldest = streams.values().next().value!;
      streams.delete(oldest);
      oldest();
    }
    const own = streams;
    return () => {
      own.delete(close);
      if (own.size === 0 && this.open.get(userId) === own) this.open.delete(userId);
    };
  }
}

/** How often open streams check that their sessions still stand. */
export const SESSION_CHECK_MS = 5_000;

/** Of `idHashes`, those whose sessions still stand (neither signed out, expired, nor ended by a password change). */
export type LiveSessions = (idHashes: string[]) => Promise<ReadonlySet<string>>;

export function liveSessionsIn(db: Db): LiveSessions {
  return async (idHashes) => {
    const rows = await db('sessions')
      .whereRaw('id_hash = ANY(?)', [idHashes])
      .where('expires_at', '>', db.fn.now())
      .select<{ id_hash: string }[]>('id_hash');
    return new Set(rows.map((r) => r.id_hash));
  };
}

/**
 * A stream is authorised once, when it opens, yet may stay open for hours: signing out or a
 * password change elsewhere must end it too. Every `everyMs` one query checks the sessions of all
 * of this process's open streams, and the streams of those that ended are closed.
 */
export class SessionWatch {
  private readonly open = new Map<string, Set<() => void>>();
  private timer: NodeJS.Timeout | null = null;
  private checking = false;

  constructor(
    private readonly liveSessions: LiveSessions,
    private readonly onError: (error: unknown) => void,
    private readonly everyMs = SESSION_CHECK_MS,
  ) {}

  /** Watches the session (by its id hash) of a stream that `close` ends; returns what to call once it has ended. */
  add(idHash: string, close: () => void): () => void {
    let streams = this.open.get(idHash);
    if (!streams) this.open.set(idHash, (streams = new Set()));
    streams.add(close);
    // Unref'd: open streams alone do not keep a stopping process alive.
    this.timer ??= setInterval(() => void this.check(), this.everyMs).unref();
    const own = streams;
    return () => {
      own.delete(close);
      if (own.size === 0 && this.open.get(idHash) === own) this.open.delete(idHash);
      if (this.open.size === 0 && this.timer) {
        clearInterval(this.timer);
        this.timer = null;
      }
    };
  }

  /** Closes the streams whose sessions ended; a failed check closes nothing (the next one decides). */
  async check(): Promise<void> {
    if (this.checking || this.open.size === 0) return;
    this.checking = true;
    try {
      const watched = [...this.open.keys()];
      const live = await this.liveSessions(watched);
      for (const idHash of watched) if (!live.has(idHash)) for (const close of [...(this.open.get(idHash) ?? [])]) close();
    } catch (error) {
      this.onError(error);
    } finally {
      this.checking = false;
    }
  }
}
