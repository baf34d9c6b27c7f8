/**
 * The emulator's state: Stripe objects by id, in the shapes Stripe's API answers with (ids with
 * Stripe's prefixes, `object`, `livemode`, `created`; the rest from `shapes.ts`). Only what the studio uses.
 */
import { randomBytes } from 'node:crypto';

export type StripeObject = Record<string, unknown> & { id: string; object: string };

const PREFIXES: Record<string, string> = {
  customer: 'cus',
  product: 'prod',
  price: 'price',
  'checkout.session': 'cs_test',
  subscription: 'sub',
  invoice: 'in',
  payment_method: 'pm',
  payment_intent: 'pi',
  invoice_payment: 'inpay',
  refund: 're',
  setup_intent: 'seti',
  'billing_portal.session': 'bps',
  event: 'evt',
};

export const newId = (object: string) => `${PREFIXES[object] ?? object}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
/** A form or object value as text: strings and numbers as they are, anything else empty. */
export const text = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : '');

export const now = () => Math.floor(Date.now() / 1000);

/** The end of a billing period that starts at `start` (unix seconds): calendar months or years later, as Stripe bills. */
export function periodEnd(start: number, interval: string, count = 1): number {
  const date = new Date(start * 1000);
  if (interval === 'year') date.setUTCFullYear(date.getUTCFullYear() + count);
  else date.setUTCMonth(date.getUTCMonth() + count);
  return Math.floor(date.getTime() / 1000);
}

/** A POST's answer kept by its Idempotency-Key, with when it was first made (unix seconds). */
export interface RememberedResponse {
  status: number;
  body: unknown;
  at: number;
}

/** Stripe forgets an idempotency key after 24 hours. */
const IDEMPOTENCY_TTL_S = 24 * 3600;

/** Everything the emulator knows, as kept on disk (`state-file.ts`); `url` is the address its URLs were made with. */
export interface StoreSnapshot {
  version: 1;
  url: string;
  objects: StripeObject[];
  idempotent: [string, RememberedResponse][];
  checkoutLines: [string, StripeObject[]][];
  subscriptionMetadata: [string, Record<string, string>][];
}

export class Store {
  private readonly objects = new Map<string, StripeObject>();
  /** Responses by Idempotency-Key (a retried POST answers what the first one did). */
  readonly idempotent = new Map<string, RememberedResponse>();
  /** A checkout session's lines and its subscription's metadata: not fields of the session Stripe answers with. */
  readonly checkoutLines = new Map<string, StripeObject[]>();
  readonly subscriptionMetadata = new Map<string, Record<string, string>>();

  create(object: string, fields: Record<string, unknown>): StripeObject {
    const created: StripeObject = { id: newId(object), object, livemode: false, created: now(), ...fields };
    this.objects.set(created.id, created);
    return created;
  }

  get(id: string, object?: string): StripeObject | undefined {
    const found = this.objects.get(id);
    return found && (!object || found.object === object) ? found : undefined;
  }

  update(id: string, fields: Record<string, unknown>): StripeObject {
    const found = this.objects.get(id);
    if (!found) throw new Error(`no such object ${id}`);
    Object.assign(found, fields);
    return found;
  }

  /** Every object of a type, newest first (Stripe's list order), filtered by `match`; a deleted one is no longer listed. */
  list(object: string, match: (o: StripeObject) => boolean = () => true): StripeObject[] {
    return [...this.objects.values()].filter((o) => o.object === object && !o.deleted && match(o)).reverse();
  }

  /** The whole state as plain JSON; `url` is the emulator's address now (its pages' URLs start with it). */
  snapshot(url: string): StoreSnapshot {
    return {
      version: 1,
      url,
      objects: [...this.objects.values()],
      idempotent: [...this.idempotent],
      checkoutLines: [...this.checkoutLines],
      subscriptionMetadata: [...this.subscriptionMetadata],
    };
  }

  /**
   * Takes back a snapshot, in its order (lists stay newest first). The emulator listens on a new
   * port each start, so URLs made at the snapshot's address (checkout pages, invoices) move to `url`.
   */
  restore(snapshot: StoreSnapshot, url: string): void {
    const moved = snapshot.url && snapshot.url !== url ? (relocate(snapshot, snapshot.url, url) as StoreSnapshot) : snapshot;
    for (const object of moved.objects) this.objects.set(object.id, object);
    const oldest = now() - IDEMPOTENCY_TTL_S;
    for (const [key, remembered] of moved.idempotent) if (remembered.at >= oldest) this.idempotent.set(key, remembered);
    for (const [id, lines] of moved.checkoutLines) this.checkoutLines.set(id, lines);
    for (const [id, metadata] of moved.subscriptionMetadata) this.subscriptionMetadata.set(id, metadata);
  }
}

/** `value` with every URL at `from` (an origin) at `to` instead; `…:4000` is not a prefix of `…:40001/…`. */
function relocate(value: unknown, from: string, to: string): unknown {
  if (typeof value === 'string') return value === from || value.startsWith(`${from}/`) ? to + value.slice(from.length) : value;
  if (Array.isArray(value)) return value.map((v) => relocate(v, from, to));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, relocate(v, from, to)]));
  return value;
}
