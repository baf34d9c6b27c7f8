import { describe, expect, it } from 'vitest';
import { resetDateLabel } from './reset-label.ts';

const now = Date.parse('2026-03-01T12:00:00Z');

describe('resetDateLabel', () => {
  it('counts whole days ahead, rounding up', () => {
    expect(resetDateLabel('2026-03-06T12:00:00Z', now)).toBe('in 5 days');
    expect(resetDateLabel('2026-03-06T13:00:00Z', now)).toBe('in 6 days');
    expect(resetDateLabel('2026-03-02T00:00:00Z', now)).toBe('in 1 day');
  });
  it('says Soon once the date has come', () => {
    expect(resetDateLabel('2026-03-01T12:00:00Z', now)).toBe('Soon');
    expect(resetDateLabel('2026-02-20T00:00:00Z', now)).toBe('Soon');
  });
  it('says Pending without a date', () => {
    expect(resetDateLabel(null, now)).toBe('Pending');
    expect(resetDateLabel('garbage', now)).toBe('Pending');
  });
});
