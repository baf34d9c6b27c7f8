import { z } from 'zod';
import { SUBSCRIPTION_TIERS, USERNAME_MAX, USERNAME_MIN } from './constants.ts';
import { Messages } from './errors.ts';

export const SubscriptionTier = z.enum(SUBSCRIPTION_TIERS);
export type SubscriptionTier = z.infer<typeof SubscriptionTier>;

export const Profile = z.object({
  id: z.string().uuid(),
  email: z.string(),
  full_name: z.string().nullable(),
  username: z.string().nullable(),
  subscription_tier: SubscriptionTier,
  subscription_status: z.string().nullable(),
  credits_remaining: z.number().int(),
  credits_reset_date: z.string().nullable(),
  stripe_customer_id: z.string().nullable(),
  current_subscription_id: z.string().nullable(),
  avatar_url: z.string().nullable(),
  /** spec 1 §4: the welcome modal was closed once (it is not shown again). */
  welcome_shown: z.boolean(),
  updated_at: z.string(),
});
export type Profile = z.infer<typeof Profile>;

/**
 * The username rules of spec 1 §5, in the order the messages are given.
 * Returns the message of the first broken rule, or null when the name is valid.
 */
export function usernameProblem(raw: string): string | null {
  const name = raw.trim();
  if (name.length === 0) return Messages.usernameRequired;
  if (name.length < USERNAME_MIN || name.length > USERNAME_MAX) return Messages.usernameLength;
  if (!/^[a-z0-9_]+$/.test(name)) return Messages.usernameCharacters;
  if (name.startsWith('_') || name.endsWith('_')) return Messages.usernameUnderscore;
  return null;
}

/** A username as stored: trimmed and lowercased, then held to the rules. */
export const Username = z
  .string({ error: Messages.usernameRequired })
  .transform((s) => s.trim().toLowerCase())
  .superRefine((name, ctx) => {
    const problem = usernameProblem(name);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const ProfilePatchRequest = z
  .object({
    username: Username.optional(),
    full_name: z.string().trim().max(100).nullable().optional(),
    avatar_url: z.string().max(2048).nullable().optional(),
    welcome_shown: z.literal(true).optional(),
  })
  .strict();
export type ProfilePatchRequest = z.infer<typeof ProfilePatchRequest>;

export const UsernameAvailabilityQuery = z.object({ username: z.string().max(100) });
export const UsernameAvailabilityResponse = z.object({
  available: z.boolean(),
  /** Why the name cannot be used, the spec's text; null when available. */
  message: z.string().nullable(),
});
export type UsernameAvailabilityResponse = z.infer<typeof UsernameAvailabilityResponse>;

export const ProfileResponse = z.object({ profile: Profile });
export type ProfileResponse = z.infer<typeof ProfileResponse>;
