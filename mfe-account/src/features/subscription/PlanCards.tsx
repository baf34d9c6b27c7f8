import { useState } from 'react';
import type { SubscriptionPlan } from '@studio/contracts';
import { errorText } from '@studio/session';
import { Alert, ConfirmDialog } from '@studio/ui';
import { checkoutError, useCheckoutPlan, usePlanChangePreview, useSubscriptionStatus, useSwitchPlan } from './api.ts';
import { annualSavings, displayPrice, formatUsd, type BillingPeriod } from './pricing.ts';
import { day } from './YourPlan.tsx';

/** The button on a subscriber's own plan seen on the other billing tab. */
export const intervalSwitchLabel = (annual: boolean) => (annual ? 'Switch to annual billing' : 'Switch to monthly billing');

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
  const [switchingTo, setSwitchingTo] = useState<SubscriptionPlan | null>(null);
  const checkout = useCheckoutPlan();
  const switchPlan = useSwitchPlan();
  // From the click until the page leaves for the provider's checkout.
  const starting = checkout.isPending || checkout.isSuccess ? (checkout.variables?.plan.id ?? null) : null;
  const failed = checkout.error ?? switchPlan.error;
  const error = failed ? checkoutError(failed) : null;
  // Someone already subscribed changes the plan they have (no second subscription), after confirming.
  const subscription = useSubscriptionStatus().data?.subscription ?? null;
  const annual = period === 'annual';
  // The plan a subscriber is on, billed either way: on the other tab its button switches the billing, not the plan.
  const isOwnPlan = (plan: SubscriptionPlan) => (subscription ? subscription.planId === plan.id : currentTier === plan.plan_tier);
  const isCurrent = (plan: SubscriptionPlan) => isOwnPlan(plan) && (!subscription || (subscription.interval === 'year') === annual);
  const label = (plan: SubscriptionPlan) => {
    if (isCurrent(plan)) return 'Current plan';
    if (starting === plan.id) return 'Opening checkout…';
    if (!subscription) return `Choose ${plan.plan_name}`;
    return isOwnPlan(plan) ? intervalSwitchLabel(annual) : `Switch to ${plan.plan_name}`;
  };
  const choose = (plan: SubscriptionPlan) => {
    checkout.reset();
    switchPlan.reset();
    if (subscription) return setSwitchingTo(plan);
    checkout.mutate({ plan, annual });
  };
  return (
    <>
      <div className="ac-plans">
        {plans.map((plan) => {
          const price = displayPrice(plan, period);
          const savings = annualSavings(plan);
          const popular = plan.is_popular || plan.plan_tier === 'growth';
          const current = isCurrent(plan);
          const own = isOwnPlan(plan);
          return (
            <article key={plan.id} className={`st-card ac-plan${popular ? ' ac-plan-popular' : ''}`} aria-label={`${plan.plan_name} plan`}>
              <div className="ac-plan-badges">
                {popular && <span className="st-badge">Popular</span>}
                {recommendedPlanId === plan.id && (
                  <span className="st-badge" style={{ background: 'var(--st-mint-soft)', color: 'var(--st-mint-ink)' }}>
                    Recommended for you
                  </span>
                )}
                {own && (
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
                onClick={() => choose(plan)}
              >
                {label(plan)}
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
      {switchingTo && subscription ? (
        <SwitchPlanDialog
          subscriptionId={subscription.id}
          plan={switchingTo}
          annual={annual}
          intervalOnly={switchingTo.id === subscription.planId}
          onConfirm={async () => {
            await switchPlan.mutateAsync({ subscriptionId: subscription.id, plan: switchingTo, annual }).catch(() => undefined);
            setSwitchingTo(null);
          }}
          onClose={() => setSwitchingTo(null)}
        />
      ) : null}
    </>
  );
}

/**
 * Asks before a plan switch, saying what it charges now (the provider's prorated preview) and what
 * the new plan costs from the next period; nothing is charged until Confirm.
 */
function SwitchPlanDialog({
  subscriptionId,
  plan,
  annual,
  intervalOnly,
  onConfirm,
  onClose,
}: {
  subscriptionId: string;
  plan: SubscriptionPlan;
  annual: boolean;
  /** The same plan, billed the other way. */
  intervalOnly: boolean;
  /** Switches (a failure is said under the plans); the dialog closes after. */
  onConfirm: () => Promise<void>;
  onClose: () => void;
}) {
  const preview = usePlanChangePreview(subscriptionId, plan, annual);
  const p = preview.data?.preview;
  return (
    <ConfirmDialog
      title={intervalOnly ? `${intervalSwitchLabel(annual)}?` : `Switch to ${plan.plan_name}?`}
      description={`${plan.plan_name}, billed ${annual ? 'yearly' : 'monthly'}. An upgrade adds the new plan’s extra credits at once.`}
      confirmLabel={p ? `Switch and pay ${formatUsd(p.amountDueNow / 100)}` : 'Switch plan'}
      confirmDisabled={!p}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      {preview.isError ? (
        <Alert tone="error">{errorText(preview.error, 'What this switch costs could not be worked out. Please try again.')}</Alert>
      ) : p ? (
        <dl className="ac-preview">
          <dt>Charged now</dt>
          <dd data-testid="switch-due-now">{formatUsd(p.amountDueNow / 100)}</dd>
          <dt>From {day.format(new Date(p.nextPeriodStart))}</dt>
          <dd data-testid="switch-next-period">
            {formatUsd(p.nextPeriodAmount / 100)} / {p.interval}
          </dd>
        </dl>
      ) : (
        <p className="ac-note" role="status">
          Working out what this switch costs…
        </p>
      )}
    </ConfirmDialog>
  );
}
