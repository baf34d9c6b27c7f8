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

export class Store {
  private readonly objects = new Map<string, StripeObject>();
  /** Responses by Idempotency-Key (a retried POST answers what the first one did). */
  readonly idempotent = new Map<string, { status: number; body: unknown }>();

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
}
