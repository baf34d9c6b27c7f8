import { useDeferredValue, useEffect, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { CREDIT_HISTORY_PAGE_SIZE, type CreditPackage, type CreditTransaction } from '@studio/contracts';
import { creditsAtom, profileAtom } from '@studio/session';
import { Alert, Spinner } from '@studio/ui';
import { loadError } from '../../shared/load-error.ts';
import { resetDateLabel } from '../../shared/reset-label.ts';
import {
  checkoutError,
  useCheckoutPackage,
  useCreditHistory,
  usePackages,
  usePlanRecommendation,
  usePlans,
  useSubscriptionStatus,
} from './api.ts';
import { BillingToggle, PlanCards } from './PlanCards.tsx';
import { day, YourPlan } from './YourPlan.tsx';
import { formatUsd, type BillingPeriod } from './pricing.ts';

const number = new Intl.NumberFormat('en-US');
const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

const TYPE_LABELS: Record<CreditTransaction['transaction_type'], string> = {
  TASK_DEBIT: 'Generation',
  TASK_REFUND: 'Refund',
  MANUAL_CREDIT: 'Credit added',
  PLAN_MONTHLY_CREDIT: 'Monthly plan credits',
  TOPUP_CREDIT: 'Top-up',
  TRIAL_CREDIT: 'Trial credits',
  TIER_CHANGE: 'Plan change',
};

/** `/app/subscription` (spec 1 §2, §9): plan, balance, plans, top-ups and credit history. */
export function SubscriptionPage() {
  const credits = useAtomValue(creditsAtom);
  const profile = useAtomValue(profileAtom);
  const [period, setPeriod] = useState<BillingPeriod>('monthly');
  const plans = usePlans();
  const recommendation = usePlanRecommendation().data ?? null;
  const balance = credits?.credits ?? profile?.credits_remaining ?? 0;
  const tier = credits?.subscription?.subscription_plans?.plan_name ?? credits?.tier ?? profile?.subscription_tier ?? '—';
  const subscription = useSubscriptionStatus().data?.subscription ?? null;
  // The sections below the fold render just after the first paint, so a click shows the page at once.
  const belowFold = useDeferredValue(true, false);
  // A plan cancelled at its period's end adds no more monthly credits: say when it ends instead.
  const ending = subscription?.cancelAtPeriodEnd && subscription.currentPeriodEnd ? new Date(subscription.currentPeriodEnd) : null;

  return (
    <div className="ac-page">
      <header>
        <h1 className="ac-h1">Plans &amp; credits</h1>
        <p className="ac-sub">Every generation uses credits. Plans add credits each month; top-ups add them once.</p>
      </header>

      <div className="ac-grid-3">
        <div className="st-card ac-stat">
          <span className="ac-stat-label">Current plan</span>
          <span className="ac-stat-value" style={{ textTransform: 'capitalize' }}>
            {tier}
          </span>
        </div>
        <div className="st-card ac-stat">
          <span className="ac-stat-label">Credit balance</span>
          <span className="ac-stat-value" data-testid="subscription-balance">
            {number.format(balance)}
          </span>
          {credits && <span className="ac-note">Worth {formatUsd(credits.dollarValue)}</span>}
        </div>
        {ending ? (
          <div className="st-card ac-stat">
            <span className="ac-stat-label">Plan ends</span>
            <span className="ac-stat-value">{day.format(ending)}</span>
            <span className="ac-note">No more monthly credits are added after that.</span>
          </div>
        ) : (
          <div className="st-card ac-stat">
            <span className="ac-stat-label">Next credit reset</span>
            <span className="ac-stat-value">{resetDateLabel(credits?.resetDate ?? profile?.credits_reset_date ?? null, Date.now())}</span>
          </div>
        )}
      </div>

      {credits?.lowBalanceWarning && (
        <Alert tone="warning">
          <strong>Your balance is running low: {number.format(credits.credits)} credits left.</strong>{' '}
          {credits.recommendation === 'upgrade'
            ? 'We recommend upgrading to a plan so credits arrive every month.'
            : 'A top-up package below keeps you creating.'}
        </Alert>
      )}

      <section className="ac-section" aria-labelledby="plans-title">
        <div className="ac-section-head">
          <div>
            <h2 id="plans-title" className="ac-h2">
              Plans
            </h2>
            {recommendation && (
              <p className="ac-note">You used {number.format(recommendation.monthlyUsage)} credits in the last 30 days.</p>
            )}
          </div>
          <BillingToggle period={period} onChange={setPeriod} />
        </div>
        {plans.isPending && <Spinner label="Loading plans" />}
        {plans.isError && (
          <Alert tone="error">
            {loadError(plans.error)}{' '}
            <button type="button" className="st-link-btn" onClick={() => void plans.refetch()}>
              Try again
            </button>
          </Alert>
        )}
        {plans.isSuccess && (
          <PlanCards
            plans={plans.data.plans}
            period={period}
            recommendedPlanId={recommendation?.recommendedPlanId ?? null}
            currentTier={profile?.subscription_tier ?? null}
          />
        )}
      </section>

      {belowFold && (
        <>
          <YourPlan />
          <CreditPackages />
          <CreditHistory />
        </>
      )}
    </div>
  );
}

function CreditPackages() {
  const packages = usePackages();
  const checkout = useCheckoutPackage();
  // From the click until the page leaves for the provider's checkout.
  const starting = checkout.isPending || checkout.isSuccess ? (checkout.variables?.id ?? null) : null;
  const error = checkout.error ? checkoutError(checkout.error) : null;
  const buy = (pack: CreditPackage) => checkout.mutate(pack);
  return (
    <section className="ac-section" aria-labelledby="packages-title">
      <div>
        <h2 id="packages-title" className="ac-h2">
          Top-up packages
        </h2>
        <p className="ac-note">One-off credits that never expire while your account is open.</p>
      </div>
      {packages.isPending && <Spinner label="Loading packages" />}
      {packages.isError && <Alert tone="error">{loadError(packages.error)}</Alert>}
      {packages.isSuccess && (
        <>
          <div className="ac-packages">
            {packages.data.packages.map((p) => (
              <article key={p.id} className="st-card ac-package" aria-label={p.name}>
                <div>
                  <h3 style={{ fontSize: 'var(--st-text-lg)' }}>{number.format(p.credits)} credits</h3>
                  <p className="ac-note">
                    {p.name} · {formatUsd(p.price_usd / p.credits)} per credit
                  </p>
                </div>
                <button type="button" className="st-btn st-btn-secondary" disabled={starting !== null} onClick={() => buy(p)}>
                  {starting === p.id ? 'Opening checkout…' : `Buy ${formatUsd(p.price_usd)}`}
                </button>
              </article>
            ))}
          </div>
          {error ? <Alert tone="error">{error}</Alert> : null}
        </>
      )}
    </section>
  );
}

function CreditHistory() {
  const [page, setPage] = useState(1);
  const history = useCreditHistory(page);
  const { refetch } = history;
  // A balance that moves (a webhook's grant, a generation elsewhere) has a new row to show.
  const balance = useAtomValue(creditsAtom)?.credits;
  const seen = useRef(balance);
  useEffect(() => {
    if (balance === seen.current) return;
    seen.current = balance;
    void refetch();
  }, [balance, refetch]);
  const pages = history.isSuccess ? Math.max(1, Math.ceil(history.data.total / CREDIT_HISTORY_PAGE_SIZE)) : 1;
  return (
    <section className="ac-section" aria-labelledby="history-title">
      <h2 id="history-title" className="ac-h2">
        Credit history
      </h2>
      {history.isPending && <Spinner label="Loading credit history" />}
      {history.isError && <Alert tone="error">{loadError(history.error)}</Alert>}
      {history.isSuccess && (
        <div className="st-card">
          {history.data.transactions.length === 0 ? (
            <p className="ac-card-pad ac-note">No credit activity yet.</p>
          ) : (
            <div className="ac-table-wrap" tabIndex={0} role="region" aria-label="Transactions (scrolls sideways on small screens)">
              <table className="ac-table">
                <caption className="st-visually-hidden">Credit transactions, newest first</caption>
                <thead>
                  <tr>
                    <th scope="col">Date</th>
                    <th scope="col">Type</th>
                    <th scope="col">Description</th>
                    <th scope="col" style={{ textAlign: 'right' }}>
                      Credits
                    </th>
                    <th scope="col" style={{ textAlign: 'right' }}>
                      Balance
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {history.data.transactions.map((t) => (
                    <tr key={t.id}>
                      <td style={{ whiteSpace: 'nowrap' }}>{dateTime.format(new Date(t.created_at))}</td>
                      <td>{TYPE_LABELS[t.transaction_type] ?? t.transaction_type}</td>
                      <td>{t.description ?? t.task_type ?? ''}</td>
                      <td style={{ textAlign: 'right' }} className={t.amount >= 0 ? 'ac-amount-plus' : 'ac-amount-minus'}>
                        {t.amount > 0 ? '+' : ''}
                        {number.format(t.amount)}
                      </td>
                      <td style={{ textAlign: 'right' }}>{number.format(t.balance_after)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {pages > 1 && (
            <nav className="ac-pager ac-card-pad" aria-label="Credit history pages">
              <button type="button" className="st-btn st-btn-ghost" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                Previous
              </button>
              <span>
                Page {page} of {pages}
              </span>
              <button type="button" className="st-btn st-btn-ghost" disabled={!history.data.hasMore} onClick={() => setPage((p) => p + 1)}>
                Next
              </button>
            </nav>
          )}
        </div>
      )}
    </section>
  );
}
