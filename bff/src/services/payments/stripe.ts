/**
 * Payments through the official `stripe` SDK (DESIGN decision 5). With STRIPE_SECRET_KEY and
 * STRIPE_WEBHOOK_SECRET it talks to Stripe; with neither it starts the local Stripe emulator
 * (`packages/stripe-emulator`) beside the studio and points the same client at it, so the same
 * code runs in both; the emulator keeps its state in `DATA_DIR/stripe-emulator`. In production
 * without keys, payments are unavailable (no emulator there).
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import Stripe from 'stripe';
import type { StripeEmulator } from '@studio/stripe-emulator';
import type { Config } from '../../config.ts';
import type { Logger } from '../../logger.ts';

export interface Payments {
  stripe: Stripe;
  webhookSecret: string;
  /** The local emulator when no keys are set (its pages stand in for Stripe's). */
  emulator: StripeEmulator | null;
  /** Tells the emulator where the studio's webhook endpoint is, once the studio listens. */
  listening(appBaseUrl: string): void;
  close(): Promise<void>;
}

export async function createPayments(config: Config, logger: Logger): Promise<Payments | null> {
  if (config.stripe) {
    const stripe = new Stripe(config.stripe.secretKey, { maxNetworkRetries: 2, timeout: 20_000 });
    return { stripe, webhookSecret: config.stripe.webhookSecret, emulator: null, listening: () => undefined, close: async () => undefined };
  }
  if (config.nodeEnv === 'production') {
    logger.warn('STRIPE_SECRET_KEY is not set: payments are unavailable');
    return null;
  }
  const { startStripeEmulator } = await import('@studio/stripe-emulator');
  const secretKey = `sk_test_emulator${randomBytes(12).toString('hex')}`;
  const webhookSecret = `whsec_emulator${randomBytes(16).toString('hex')}`;
  // Its customers and subscriptions live under DATA_DIR beside the embedded database that names them, and outlive a restart with it.
  const stateFile = path.join(config.dataDir, 'stripe-emulator', 'state.json');
  const emulator = await startStripeEmulator({ secretKey, webhookSecret, host: '127.0.0.1', stateFile });
  const stripe = new Stripe(secretKey, { host: '127.0.0.1', port: emulator.port, protocol: 'http', maxNetworkRetries: 1 });
  // The key is this start's own test key for the local emulator: its control endpoints (the test clock) take it, as its API does.
  logger.info({ url: emulator.url, secretKey }, 'payments: the local Stripe emulator (test cards: 4242 4242 4242 4242 pays)');
  return {
    stripe,
    webhookSecret,
    emulator,
    listening: (appBaseUrl) => emulator.webhooks.setUrl(`${appBaseUrl}/api/stripe/webhook`),
    close: () => emulator.close(),
  };
}
