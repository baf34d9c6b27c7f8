import { describe, expect, it } from 'vitest';
import { Messages } from '@studio/contracts';
import { canSaveUsername, usernameStep } from './username.ts';

describe('usernameStep', () => {
  it('does nothing when the name is unchanged (case and spaces ignored)', () => {
    expect(usernameStep('ada', 'ada')).toEqual({ kind: 'unchanged' });
    expect(usernameStep(' ADA ', 'ada')).toEqual({ kind: 'unchanged' });
  });
  it('does not check availability under 3 characters', () => {
    expect(usernameStep('ab', 'ada')).toEqual({ kind: 'invalid', message: Messages.usernameLength });
  });
  it('gives the spec message of the first broken rule', () => {
    expect(usernameStep('', 'ada')).toEqual({ kind: 'invalid', message: Messages.usernameRequired });
    expect(usernameStep('a'.repeat(21), null)).toEqual({ kind: 'invalid', message: Messages.usernameLength });
    expect(usernameStep('ada-l', null)).toEqual({ kind: 'invalid', message: Messages.usernameCharacters });
    expect(usernameStep('_ada', null)).toEqual({ kind: 'invalid', message: Messages.usernameUnderscore });
    expect(usernameStep('ada_', null)).toEqual({ kind: 'invalid', message: Messages.usernameUnderscore });
  });
  it('checks a valid new name, lowercased', () => {
    expect(usernameStep('Ada_Lovelace', 'ada')).toEqual({ kind: 'check', username: 'ada_lovelace' });
  });
});

describe('canSaveUsername', () => {
  const step = { kind: 'check', username: 'ada_l' } as const;
  it('is blocked while checking or unavailable', () => {
    expect(canSaveUsername(step, 'checking')).toBe(false);
    expect(canSaveUsername(step, 'taken')).toBe(false);
    expect(canSaveUsername(step, 'error')).toBe(false);
    expect(canSaveUsername(step, 'available')).toBe(true);
    expect(canSaveUsername({ kind: 'unchanged' }, 'available')).toBe(false);
  });
});
