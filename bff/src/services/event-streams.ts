/**
 * Server-Sent-Event streams hold a connection and timers each for as long as they are open: a
 * user who opens them in a loop would hold the server's sockets (security probe item 10). Each
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
