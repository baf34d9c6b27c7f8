/**
 * The media host's child: builds the engine the parent asked for, says what it looks like, and
 * runs each call the parent forwards, calling the parent back for the functions of a call's input
 * (a progress callback). Started by `host-child.mjs`; see `media-host.ts`.
 */
import type { MediaEngine } from '../capabilities.ts';
import { createMediaEngine } from '../create-engine.ts';
import { callMember, describeEngine, withCallbacks, type HostedEngine, type ToChild, type ToParent } from './protocol.ts';
import { rebuiltError, sendableError, type SentError } from '../errors.ts';

const send = (message: ToParent) =>
  // The parent may be gone (its 'disconnect' ends this process): nothing is left to tell.
  process.send?.(message, (error: Error | null) => {
    if (error && message.type === 'result') {
      // A result that does not clone (a function in it) fails its call instead of hanging it.
      process.send?.({ type: 'error', id: message.id, error: sendableError(error) } satisfies ToParent, () => undefined);
    }
  });

async function buildEngine(spec: HostedEngine): Promise<MediaEngine> {
  const logger = {
    info: (msg: string, meta?: object) => send({ type: 'log', level: 'info', msg, meta }),
    warn: (msg: string, meta?: object) => send({ type: 'log', level: 'warn', msg, meta }),
  };
  if (spec.kind === 'media') return createMediaEngine({ ...spec.options, logger });
  if (spec.kind === 'fast') return (await import('../testing/fast-engine.ts')).createFastMediaEngine();
  const factory = ((await import(spec.url)) as Record<string, (options: unknown) => MediaEngine | Promise<MediaEngine>>)[spec.exportName];
  if (typeof factory !== 'function') throw new Error(`${spec.url} exports no ${spec.exportName}`);
  return factory(spec.options);
}

/** Serves the engine `spec` asks for over this process's IPC channel until told to close. */
export function serveMediaEngine(
  spec: HostedEngine,
  received: (listener: (message: Exclude<ToChild, { type: 'start' }>) => void) => void,
): void {
  let engine: Promise<MediaEngine> | null = buildEngine(spec);
  let callbackSeq = 0;
  const callbacks = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();

  engine.then(
    (built) => send({ type: 'ready', description: describeEngine(built) }),
    (error: unknown) => send({ type: 'start-failed', error: sendableError(error) }),
  );

  const run = async (id: number, path: string[], args: unknown[]) => {
    try {
      const built = await engine!;
      const revived = withCallbacks(args, (callback) => (...callbackArgs: unknown[]) => {
        const n = ++callbackSeq;
        return new Promise((resolve, reject) => {
          callbacks.set(n, { resolve, reject });
          send({ type: 'callback', id: n, callId: id, callback, args: callbackArgs });
        });
      });
      send({ type: 'result', id, value: await callMember(built, path, revived) });
    } catch (error) {
      send({ type: 'error', id, error: sendableError(error) });
    }
  };

  const answered = (id: number, value: unknown, error: SentError | undefined) => {
    const waiting = callbacks.get(id);
    if (!waiting) return;
    callbacks.delete(id);
    if (!error) return waiting.resolve(value);
    // Marked, so that the parent answers its own error object if the engine lets it through.
    waiting.reject(Object.assign(rebuiltError(error), { callbackError: error.callbackError }));
  };

  received((message) => {
    if (message.type === 'call') void run(message.id, message.path, message.args);
    else if (message.type === 'callback-result') answered(message.id, message.value, message.error);
    else if (message.type === 'close') {
      const closing = engine;
      engine = null;
      void (async () => {
        await (await closing?.catch(() => null))?.close().catch(() => undefined);
        // Its worker threads are stopped; the parent waits for this exit.
        process.exit(0);
      })();
    }
  });
}
