/**
 * What the media host (`media-host.ts`, in the process that answers HTTP) and its child
 * (`serve.ts`, where the engine runs) say to each other over Node's IPC channel with `advanced`
 * serialization: Buffers and typed arrays pass by structured clone, as they are. Functions and
 * errors do not clone, so they travel as the markers and shapes below.
 */
import type { MediaEngineOptions } from '../create-engine.ts';
import type { SentError } from '../errors.ts';

/** The engine the child builds: the same `createMediaEngine` options as inline (without the logger: its lines are sent back), or the fast test engine. */
export type HostedEngine =
  | { kind: 'media'; options?: HostableEngineOptions }
  | { kind: 'fast' }
  /** Tests: a module's exported factory (`(options) => MediaEngine`), by file URL. */
  | { kind: 'module'; url: string; exportName: string; options?: unknown };

export type HostableEngineOptions = Omit<MediaEngineOptions, 'logger'>;

/** The engine's shape: which members are methods (forwarded) and which are values (answered here), one level of nesting (`speech`, `video`). */
export interface EngineDescription {
  methods: string[];
  values: Record<string, unknown>;
  nested: Record<string, { methods: string[]; values: Record<string, unknown> }>;
}

/** A function of a call's input. */
export type Callback = (...args: never[]) => unknown;

/** Stands for a function of a call's input (e.g. `FinishAdInput.onProgress`), called back in the parent. */
export interface CallbackMarker {
  __mediaHostCallback: number;
}

export type ToChild =
  /** First, and once: which engine to build (in a message, not the command line, where keys would show to `ps`). */
  | { type: 'start'; engine: HostedEngine }
  | { type: 'call'; id: number; path: string[]; args: unknown[] }
  | { type: 'callback-result'; id: number; value?: unknown; error?: SentError }
  | { type: 'close' };

export type ToParent =
  | { type: 'ready'; description: EngineDescription }
  | { type: 'start-failed'; error: SentError }
  | { type: 'result'; id: number; value: unknown }
  | { type: 'error'; id: number; error: SentError }
  | { type: 'callback'; id: number; callId: number; callback: number; args: unknown[] }
  | { type: 'log'; level: 'info' | 'warn'; msg: string; meta?: object };

/** The description of an engine object: its own methods and values, and `speech`/`video` one level down. */
export function describeEngine(engine: object): EngineDescription {
  const split = (target: object) => {
    const methods: string[] = [];
    const values: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(target)) {
      if (typeof value === 'function') methods.push(key);
      else values[key] = value;
    }
    return { methods, values };
  };
  const description: EngineDescription = { methods: [], values: {}, nested: {} };
  for (const [key, value] of Object.entries(engine)) {
    if (typeof value === 'function') description.methods.push(key);
    else if (value && typeof value === 'object' && Object.values(value).some((v) => typeof v === 'function'))
      description.nested[key] = split(value);
    else description.values[key] = value;
  }
  return description;
}

const isPlain = (value: object) => {
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
};

/**
 * A call's arguments with every function (at any depth of plain objects and arrays) replaced by a
 * marker, and the functions by their marker's number. Buffers, typed arrays and other values pass as they are.
 */
export function withoutFunctions(args: unknown[], next: () => number): { args: unknown[]; callbacks: Map<number, Callback> } {
  const callbacks = new Map<number, Callback>();
  const walk = (value: unknown): unknown => {
    if (typeof value === 'function') {
      const n = next();
      callbacks.set(n, value as Callback);
      return { __mediaHostCallback: n } satisfies CallbackMarker;
    }
    if (Array.isArray(value)) return value.some(hasFunction) ? value.map(walk) : value;
    if (value && typeof value === 'object' && isPlain(value) && hasFunction(value))
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v)]));
    return value;
  };
  return { args: args.map(walk), callbacks };
}

function hasFunction(value: unknown): boolean {
  if (typeof value === 'function') return true;
  if (Array.isArray(value)) return value.some(hasFunction);
  if (value && typeof value === 'object' && isPlain(value)) return Object.values(value).some(hasFunction);
  return false;
}

/** The arguments again with each marker replaced by `callback(n)`. */
export function withCallbacks(args: unknown[], callback: (n: number) => Callback): unknown[] {
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (value && typeof value === 'object' && isPlain(value)) {
      const marker = (value as Partial<CallbackMarker>).__mediaHostCallback;
      if (typeof marker === 'number') return callback(marker);
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v)]));
    }
    return value;
  };
  return args.map(walk);
}

/**
 * An engine object of `description`'s shape whose every method is `call(path, args)`: the media
 * host's (calls go to its child) and an API process's (calls go to the render workers).
 */
export function engineFacade(
  description: EngineDescription,
  call: (path: string[], args: unknown[]) => Promise<unknown>,
): Record<string, unknown> {
  const forwarded =
    (path: string[]) =>
    (...args: unknown[]) =>
      call(path, args);
  const object: Record<string, unknown> = { ...description.values };
  for (const m of description.methods) object[m] = forwarded([m]);
  for (const [key, nested] of Object.entries(description.nested)) {
    const inner: Record<string, unknown> = { ...nested.values };
    for (const m of nested.methods) inner[m] = forwarded([key, m]);
    object[key] = inner;
  }
  return object;
}

/** Calls the engine member at `path` on the object that holds it (`video.finishAd` with `video` as `this`). */
export async function callMember(engine: object, path: string[], args: unknown[]): Promise<unknown> {
  const holder = path.slice(0, -1).reduce<Record<string, unknown>>((o, key) => o[key] as Record<string, unknown>, engine as never);
  const method = holder[path.at(-1)!];
  if (typeof method !== 'function') throw new Error(`The media engine has no ${path.join('.')}.`);
  return (method as (...a: unknown[]) => unknown).apply(holder, args);
}
