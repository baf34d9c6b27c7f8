/**
 * Media calls across processes (DESIGN decision 18). An API process (`STUDIO_ROLE=api`) renders
 * nothing: its media engine (`remoteMedia`) hands each call to the render workers through the job
 * engine's media queue and waits for the answer, as a request in one process waits for its engine;
 * a worker runs the call on its own engine (`mediaCallActivities`). The bytes of a call and of its
 * answer travel through the object store under `media/calls/<call id>/`, never through the job
 * engine's records, and are removed once the answer is read (`sweepMediaCalls` removes what a
 * stopped API process left).
 */
import { randomUUID } from 'node:crypto';
import {
  callMember,
  engineFacade,
  MediaError,
  rebuiltError,
  sendableError,
  type EngineDescription,
  type MediaEngine,
  type SentError,
} from '@studio/media';
import type { MediaCallActivities, MediaCallAnswer, MediaCallRequest } from '@studio/workflows';
import { removeUnder, type ObjectStore } from './storage/object-store.ts';

const PREFIX = 'media/calls';

/** Said when no worker took a call in time (the full queue's words: a 503 to the user). */
const NO_WORKER = 'The studio is busy; try again shortly.';

/** The byte arrays a call carries, by the name that rebuilds each. */
const ARRAYS = {
  Buffer: (bytes: Buffer) => bytes,
  Uint8Array: (bytes: Buffer) => new Uint8Array(copied(bytes)),
  Int16Array: (bytes: Buffer) => new Int16Array(copied(bytes)),
  Float32Array: (bytes: Buffer) => new Float32Array(copied(bytes)),
} as const;
type ArrayName = keyof typeof ARRAYS;

/** A byte array's place in the object store, standing where it was in the call. */
interface Stored {
  __stored: string;
  array: ArrayName;
}

/** The bytes in an aligned buffer of their own (a typed array's view needs one). */
function copied(bytes: Buffer): ArrayBuffer {
  const out = new ArrayBuffer(bytes.byteLength);
  new Uint8Array(out).set(bytes);
  return out;
}

const isPlain = (value: object) => {
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
};

function arrayName(value: ArrayBufferView): ArrayName {
  if (Buffer.isBuffer(value)) return 'Buffer';
  const name = value.constructor.name;
  if (name in ARRAYS) return name as ArrayName;
  throw new Error(`A media call cannot carry a ${name}.`);
}

/** `value` with every byte array put in the object store under `prefix<n>`, and a marker in its place. */
async function stored(objects: ObjectStore, value: unknown, prefix: string): Promise<unknown> {
  let n = 0;
  const walk = async (v: unknown): Promise<unknown> => {
    if (typeof v === 'function') throw new Error('A media call handed to a worker cannot carry a function.');
    if (ArrayBuffer.isView(v)) {
      const key = `${prefix}${n++}`;
      await objects.put(key, Buffer.from(v.buffer, v.byteOffset, v.byteLength));
      return { __stored: key, array: arrayName(v) } satisfies Stored;
    }
    if (Array.isArray(v)) return Promise.all(v.map(walk));
    if (v && typeof v === 'object' && isPlain(v))
      return Object.fromEntries(await Promise.all(Object.entries(v).map(async ([k, x]) => [k, await walk(x)] as const)));
    return v;
  };
  return walk(value);
}

/** `value` with every marker replaced by its bytes, read from the object store. */
async function restored(objects: ObjectStore, value: unknown): Promise<unknown> {
  const walk = async (v: unknown): Promise<unknown> => {
    if (Array.isArray(v)) return Promise.all(v.map(walk));
    if (v && typeof v === 'object') {
      const marker = v as Partial<Stored>;
      if (typeof marker.__stored === 'string' && marker.array && marker.array in ARRAYS) {
        const bytes = await objects.read(marker.__stored);
        if (!bytes) throw new MediaError('unavailable', NO_WORKER, { cause: `the media call's ${marker.__stored} is gone` });
        return ARRAYS[marker.array](bytes);
      }
      return Object.fromEntries(await Promise.all(Object.entries(v).map(async ([k, x]) => [k, await walk(x)] as const)));
    }
    return v;
  };
  return walk(value);
}

/**
 * An API process's media engine: the shape of the engine the workers build (`description`), each
 * call run on a worker by `run` (the job engine's `callMedia`), its bytes through `objects`. A call
 * no worker takes within `pickupMs` fails as `unavailable` (a 503, nothing charged: the services
 * refund a failed call as they do in one process).
 */
export function remoteMedia(options: {
  description: EngineDescription;
  objects: ObjectStore;
  run: (request: MediaCallRequest, pickupMs: number) => Promise<MediaCallAnswer | null>;
  pickupMs: number;
}): MediaEngine {
  const { objects } = options;
  const call = async (path: string[], args: unknown[]) => {
    const id = randomUUID();
    try {
      const answer = await options.run(
        { id, path, args: (await stored(objects, args, `${PREFIX}/${id}/a`)) as unknown[] },
        options.pickupMs,
      );
      if (!answer) throw new MediaError('unavailable', NO_WORKER, { cause: `no worker took the media call within ${options.pickupMs} ms` });
      // The kind was a MediaError's when the worker sent it.
      if (!answer.ok) throw rebuiltError(answer.error as SentError);
      return await restored(objects, answer.value);
    } finally {
      await removeUnder(objects, `${PREFIX}/${id}/`);
    }
  };
  // The workers' engines are theirs to stop.
  return { ...engineFacade(options.description, call), close: async () => {} } as unknown as MediaEngine;
}

/** A worker's side: each call handed over is run on this process's engine, its answer's bytes stored for the caller. */
export function mediaCallActivities(deps: { media: MediaEngine; objects: ObjectStore }): MediaCallActivities {
  return {
    async mediaCall(request) {
      try {
        if (request.path.join('.') === 'close') throw new Error('A media call cannot stop a worker’s engine.');
        const args = (await restored(deps.objects, request.args)) as unknown[];
        const value = await callMember(deps.media, request.path, args);
        return { ok: true, value: await stored(deps.objects, value, `${PREFIX}/${request.id}/r`) };
      } catch (error) {
        const { stack: _stack, ...sent } = sendableError(error);
        return { ok: false, error: sent };
      }
    },
  };
}

/** Removes the bytes of calls older than `before` (an API process stopped while it waited). */
export const sweepMediaCalls = (objects: ObjectStore, before: Date) => objects.sweep(`${PREFIX}/`, before);
