/**
 * Events and their delivery, as Stripe does it: an `event` object per change, POSTed to the
 * endpoint with a `Stripe-Signature` header (`t=<unix>,v1=<HMAC-SHA256 of "<t>.<body>">`), and
 * retried with backoff while the endpoint does not answer 2xx.
 */
import { createHmac } from 'node:crypto';
import * as shapes from './shapes.ts';
import { now, type Store, type StripeObject } from './store.ts';

export function signature(payload: string, secret: string, timestamp = now()): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

export interface WebhookOptions {
  url?: string;
  secret: string;
  /** First retry delay (doubles each time). */
  retryDelayMs?: number;
  maxAttempts?: number;
}

export class Webhooks {
  /** Deliveries in flight, so a test (or a shutdown) can wait for them. */
  private readonly pending = new Set<Promise<void>>();
  readonly deliveries: { event: string; type: string; status: number | 'error' }[] = [];

  constructor(
    private readonly store: Store,
    private readonly options: WebhookOptions,
  ) {}

  /** Records an event about `object` and sends it. */
  emit(type: string, object: StripeObject, previous?: Record<string, unknown>): StripeObject {
    const event = this.store.create('event', shapes.event({ type, object, previous, pendingWebhooks: this.options.url ? 1 : 0 }));
    this.send(event);
    return event;
  }

  /** Sends an event (again: Stripe may deliver one more than once). */
  send(event: StripeObject): void {
    if (!this.options.url) return;
    const delivery = this.deliver(event).finally(() => this.pending.delete(delivery));
    this.pending.add(delivery);
  }

  /** Where events go from now on (a server that learns its own port only after listening). */
  setUrl(url: string): void {
    this.options.url = url;
  }

  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  private async deliver(event: StripeObject): Promise<void> {
    const payload = JSON.stringify(event, null, 2);
    const attempts = this.options.maxAttempts ?? 5;
    let delay = this.options.retryDelayMs ?? 1000;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      let status: number | 'error' = 'error';
      try {
        const res = await fetch(this.options.url!, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'stripe-signature': signature(payload, this.options.secret),
            'user-agent': 'Stripe/1.0',
          },
          body: payload,
          signal: AbortSignal.timeout(10_000),
        });
        status = res.status;
        await res.arrayBuffer();
      } catch {
        // The endpoint is down: retried below.
      }
      this.deliveries.push({ event: event.id, type: String(event.type), status });
      if (typeof status === 'number' && status >= 200 && status < 300) return;
      if (attempt < attempts) await new Promise((r) => setTimeout(r, delay));
      delay *= 2;
    }
  }
}
