import { describe, expect, it } from 'vitest';
import { Messages } from '@studio/contracts';
import { avatarProblem, centreSquare } from './avatar.ts';

describe('avatarProblem', () => {
  it('accepts images under 5 MB', () => {
    expect(avatarProblem({ type: 'image/png', size: 1024 })).toBeNull();
    expect(avatarProblem({ type: 'image/jpeg', size: 5 * 1024 * 1024 - 1 })).toBeNull();
  });
  it('refuses other files and large images with the spec messages', () => {
    expect(avatarProblem({ type: 'application/pdf', size: 10 })).toBe(Messages.avatarNotImage);
    expect(avatarProblem({ type: '', size: 10 })).toBe(Messages.avatarNotImage);
    expect(avatarProblem({ type: 'image/png', size: 5 * 1024 * 1024 })).toBe(Messages.avatarTooLarge);
  });
});

describe('centreSquare', () => {
  it('crops the middle square', () => {
    expect(centreSquare(400, 300)).toEqual({ sx: 50, sy: 0, side: 300 });
    expect(centreSquare(300, 500)).toEqual({ sx: 0, sy: 100, side: 300 });
  });
});
