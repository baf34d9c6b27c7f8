/** Money and plan arithmetic for the plans screen (spec 1 §9: annual savings; Save 20%). */
import type { SubscriptionPlan } from '@studio/contracts';

export type BillingPeriod = 'monthly' | 'annual';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const usdWhole = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
// A page's first currency format sets up ICU's currency data (about a millisecond): done when the
// module loads (the shell preloads it while idle), not in the render of the click that opens the page.
usd.format(0);
usdWhole.format(0);

/** `$29` for whole amounts, `$23.20` otherwise. */
export function formatUsd(amount: number): string {
  const cents = Math.round(amount * 100);
  return cents % 100 === 0 ? usdWhole.format(cents / 100) : usd.format(cents / 100);
}

export interface AnnualSavings {
  amount: number;
  percent: number;
  /** "Save $69.60 (20%) a year" */
  label: string;
}

/** 12 × monthly − annual, as an amount and a percentage of 12 × monthly; null when nothing is saved. */
export function annualSavings(plan: Pick<SubscriptionPlan, 'monthly_price_usd' | 'annual_price_usd'>): AnnualSavings | null {
  const yearAtMonthly = plan.monthly_price_usd * 12;
  const amount = Math.round((yearAtMonthly - plan.annual_price_usd) * 100) / 100;
  if (amount <= 0 || yearAtMonthly <= 0) return null;
  const percent = Math.round((amount / yearAtMonthly) * 100);
  return { amount, percent, label: `Save ${formatUsd(amount)} (${percent}%) a year` };
}

/** The price shown on a plan card for a billing period: per month, and what is billed. */
export function displayPrice(
  plan: Pick<SubscriptionPlan, 'monthly_price_usd' | 'annual_price_usd'>,
  period: BillingPeriod,
): { perMonth: string; billed: string } {
  if (period === 'monthly') return { perMonth: formatUsd(plan.monthly_price_usd), billed: 'Billed monthly' };
  return { perMonth: formatUsd(plan.annual_price_usd / 12), billed: `${formatUsd(plan.annual_price_usd)} billed yearly` };
}
