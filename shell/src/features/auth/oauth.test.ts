import { describe, expect, it } from 'vitest';
import { Messages } from '@studio/contracts';
import { arrivalKind, oauthErrorMessage } from './oauth.ts';

describe('arrivalKind', () => {
  const now = Date.parse('2026-03-01T12:00:00Z');
  it('counts an account created within 60 s as a signup', () => {
    expect(arrivalKind('2026-03-01T11:59:01Z', now)).toBe('signup');
    expect(arrivalKind('2026-03-01T11:59:00Z', now)).toBe('signup');
    expect(arrivalKind('2026-03-01T12:00:03Z', now)).toBe('signup');
  });
  it('counts an older account as a login', () => {
    expect(arrivalKind('2026-03-01T11:58:59Z', now)).toBe('login');
    expect(arrivalKind('not a date', now)).toBe('login');
  });
});

describe('oauthErrorMessage', () => {
  it('maps cancellation, network and other failures to the spec texts', () => {
    expect(oauthErrorMessage(null)).toBeNull();
    expect(oauthErrorMessage('access_denied')).toBe(Messages.googleCancelled);
    expect(oauthErrorMessage('network')).toBe(Messages.googleNetwork);
    expect(oauthErrorMessage('invalid_state')).toBe(Messages.googleFailed);
    expect(oauthErrorMessage(Messages.googleCancelled)).toBe(Messages.googleCancelled);
    expect(oauthErrorMessage(Messages.linkInvalid)).toBe(Messages.linkInvalid);
    expect(oauthErrorMessage('<script>')).toBe(Messages.googleFailed);
  });
});
