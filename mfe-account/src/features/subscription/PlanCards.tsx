import { useState } from 'react';
import type { SubscriptionPlan } from '@studio/contracts';
import { Alert } from '@studio/ui';
import { useQueryClient } from '@tanstack/react-query';
import { refreshCredits, refreshSession } from '@studio/session';
import { accountKeys } from '../../lib/query-keys.ts';
import { checkoutError, checkoutPlan, switchPlan } from './checkout.ts';
import { useSubscriptionStatus } from './YourPlan.tsx';
import { annualSavings, displayPrice, type BillingPeriod } from './pricing.ts';

export function BillingToggle({ period, onChange }: { period: BillingPeriod; onChange: (p: BillingPeriod) => void }) {
  return (
    <div className="ac-toggle" role="group" aria-label="Billing period">
      <button type="button" aria-pressed={period === 'monthly'} onClick={() => onChange('monthly')}>
        Monthly
      </button>
      <button type="button" aria-pressed={period === 'annual'} onClick={() => onChange('annual')}>
        Annual <span className="ac-save">Save 20%</span>
      </button>
    </div>
  );
}

function Check() {
  return (
    <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true">
      <path d="M5 12l5 5 9-10" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export function PlanCards({
  plans,
  period,
  recommendedPlanId,
  currentTier,
}: {
  plans: SubscriptionPlan[];
  period: BillingPeriod;
  recommendedPlanId: string | null;
  currentTier: string | null;
}) {
  const [starting, setStarting] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const queryClient = useQueryClient();
  // Someone already subscribed changes the plan they have (no second subscription).
  const subscription = useSubscriptionStatus().data?.subscription ?? null;
  const annual = period === 'annual';
  const isCurrent = (plan: SubscriptionPlan) =>
    subscription ? subscription.planId === plan.id && (subscription.interval === 'year') === annual : currentTier === plan.plan_tier;
  const choose = async (plan: SubscriptionPlan) => {
    setStarting(plan.id);
    setError(null);
    try {
      if (!subscription) return await checkoutPlan(plan, annual);
      await switchPlan(subscription.id, plan, annual);
      await queryClient.invalidateQueries({ queryKey: accountKeys.billing() });
      void refreshSession();
      void refreshCredits();
      setStarting(null);
    } catch (e) {
      setError(checkoutError(e));
      setStarting(null);
    }
  };
  return (
    <>
      <div className="ac-plans">
        {plans.map((plan) => {
          const price = displayPrice(plan, period);
          const savings = annualSavings(plan);
          const popular = plan.is_popular || plan.plan_tier === 'growth';
          const current = isCurrent(plan);
          return (
            <article key={plan.id} className={`st-card ac-plan${popular ? ' ac-plan-popular' : ''}`} aria-label={`${plan.plan_name} plan`}>
              <div className="ac-plan-badges">
                {popular && <span className="st-badge">Popular</span>}
                {recommendedPlanId === plan.id && (
                  <span className="st-badge" style={{ background: 'var(--st-mint-soft)', color: 'var(--st-mint-ink)' }}>
                    Recommended for you
                  </span>
                )}
                {current && (
                  <span className="st-badge" style={{ background: 'var(--st-sunken)', color: 'var(--st-ink-soft)' }}>
                    Current plan
                  </span>
                )}
              </div>
              <h3 className="ac-plan-name">{plan.plan_name}</h3>
              <div>
                <p className="ac-price">
                  <strong>{price.perMonth}</strong>
                  <span className="ac-note">/ month</span>
                </p>
                <p className="ac-note">{price.billed}</p>
                {period === 'annual' && savings && <p className="ac-status ac-status-ok">{savings.label}</p>}
              </div>
              <ul>
                {!plan.features.some((f) => /credits/i.test(f)) && (
                  <li>
                    <Check />
                    {plan.monthly_credits.toLocaleString('en-US')} credits every month
                  </li>
                )}
                {plan.features.map((f) => (
                  <li key={f}>
                    <Check />
                    {f}
                  </li>
                ))}
                {plan.includes_custom_training && (
                  <li>
                    <Check />
                    Custom model training (style and character)
                  </li>
                )}
              </ul>
              <button
                type="button"
                className={`st-btn ${popular ? 'st-btn-primary' : 'st-btn-secondary'} st-btn-block`}
                disabled={current || starting !== null}
                onClick={() => void choose(plan)}
              >
                {current
                  ? 'Current plan'
                  : starting === plan.id
                    ? subscription
                      ? 'Switching…'
                      : 'Opening checkout…'
                    : `${subscription ? 'Switch to' : 'Choose'} ${plan.plan_name}`}
              </button>
            </article>
          );
        })}
      </div>
      {subscription ? (
        <p className="ac-note">
          Switching plans charges the difference for the rest of this period now; an upgrade adds the new plan’s extra credits at once.
        </p>
      ) : null}
      {error ? <Alert tone="error">{error}</Alert> : null}
    </>
  );
}
