import { describe, expect, it } from 'vitest';
import { annualSavings, displayPrice, formatUsd } from './pricing.ts';

describe('annualSavings', () => {
  it('is 12 × monthly − annual, with its percentage', () => {
    expect(annualSavings({ monthly_price_usd: 29, annual_price_usd: 278.4 })).toEqual({
      amount: 69.6,
      percent: 20,
      label: 'Save $69.60 (20%) a year',
    });
    expect(annualSavings({ monthly_price_usd: 100, annual_price_usd: 960 })).toMatchObject({
      amount: 240,
      percent: 20,
      label: 'Save $240 (20%) a year',
    });
  });
  it('is null when the annual price saves nothing', () => {
    expect(annualSavings({ monthly_price_usd: 10, annual_price_usd: 120 })).toBeNull();
    expect(annualSavings({ monthly_price_usd: 0, annual_price_usd: 0 })).toBeNull();
  });
});

describe('displayPrice', () => {
  it('shows the monthly price, or the annual price per month and billed yearly', () => {
    expect(displayPrice({ monthly_price_usd: 29, annual_price_usd: 278.4 }, 'monthly')).toEqual({
      perMonth: '$29',
      billed: 'Billed monthly',
    });
    expect(displayPrice({ monthly_price_usd: 29, annual_price_usd: 278.4 }, 'annual')).toEqual({
      perMonth: '$23.20',
      billed: '$278.40 billed yearly',
    });
  });
  it('formats whole and fractional amounts', () => {
    expect(formatUsd(10)).toBe('$10');
    expect(formatUsd(9.5)).toBe('$9.50');
  });
});
