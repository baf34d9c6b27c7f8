import { PaymentMessages } from '@studio/contracts';
import type { Db } from '../db/index.ts';
import { AppError } from '../errors.ts';
import { closeCustomer } from './payments/customers.ts';
import type { Payments } from './payments/stripe.ts';
import { removeUnder, type ObjectStore } from './storage/object-store.ts';

/**
 * Deletes a user and everything of theirs: their paid plan first (every subscription cancelled at
 * once and the customer deleted at the provider, so nothing renews or stays on file once the account
 * is gone; while that cannot be done the account stays), then their rows go with the user's (every
 * table referencing users cascades), then their files — gallery assets and their thumbnails,
 * temporary uploads, video jobs' inputs and clips, avatars, training photos and trained models'
 * images, and their own voices' previews. A file is removed only after its row, so nothing is left
 * showing broken.
 */
export async function deleteAccount(
  { db, objects, payments }: { db: Db; objects: ObjectStore; payments: Payments | null },
  userId: string,
): Promise<void> {
  const profile = await db('profiles').where({ id: userId }).first<{ stripe_customer_id: string | null } | undefined>('stripe_customer_id');
  if (profile?.stripe_customer_id) {
    if (!payments) throw new AppError(503, 'upstream_failed', PaymentMessages.paymentsUnavailable);
    await closeCustomer(payments.stripe, profile.stripe_customer_id);
  }
  const [assets, jobs, voices] = await Promise.all([
    db('user_assets').where({ user_id: userId }).pluck<string[]>('id'),
    db('generated_videos').where({ user_id: userId }).pluck<string[]>('id'),
    db('voice_profiles').where({ user_id: userId }).pluck<string[]>('voice_id'),
  ]);
  await db('users').where({ id: userId }).delete();
  // Every key that holds a user's file (see each writer in services/): by the user's id, or by the id of a row of theirs.
  const prefixes = [
    `assets/${userId}/`,
    `temp/${userId}-`,
    `avatars/${userId}-`,
    `models/${userId}/`,
    `previews/${userId}-`,
    ...voices.map((id) => `previews/${id}.`),
    ...assets.map((id) => `thumbs/${id}-`),
    ...jobs.map((id) => `jobs/${id}/`),
  ];
  for (const prefix of prefixes) await removeUnder(objects, prefix);
}
