import { describe, expect, it } from 'vitest';
import { shouldShowWelcome } from './welcome.ts';

const signedUp = Date.parse('2026-11-23T10:00:00Z');
const user = { created_at: new Date(signedUp).toISOString() };
const minutes = (n: number) => signedUp + n * 60_000;

describe('the welcome modal (spec 1 §4)', () => {
  it('shows within 15 minutes of sign-up until it was closed once', () => {
    expect(shouldShowWelcome(user, { welcome_shown: false }, minutes(1))).toBe(true);
    expect(shouldShowWelcome(user, { welcome_shown: false }, minutes(15))).toBe(true);
    expect(shouldShowWelcome(user, { welcome_shown: true }, minutes(1))).toBe(false);
  });

  it('does not show to older accounts, or before the profile is known', () => {
    expect(shouldShowWelcome(user, { welcome_shown: false }, minutes(16))).toBe(false);
    expect(shouldShowWelcome(user, null, minutes(1))).toBe(false);
    expect(shouldShowWelcome(null, { welcome_shown: false }, minutes(1))).toBe(false);
  });
});
