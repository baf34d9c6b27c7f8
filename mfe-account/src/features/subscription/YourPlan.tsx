import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PaymentMessages,
  PaymentRoutes,
  type InvoicesResponse,
  type PaymentMethodsResponse,
  type PortalSessionResponse,
  type SubscriptionStatusResponse,
} from '@studio/contracts';
import { ApiError, apiFetch, refreshCredits, refreshSession, errorText } from '@studio/session';
import { Alert } from '@studio/ui';
import { accountKeys } from '../../lib/query-keys.ts';
import { formatUsd } from './pricing.ts';

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
/** Billing reads answer 404 until the first purchase: that is "nothing yet", not an error. */
async function orNothing<T>(load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return null;
    throw e;
  }
}

/** The caller's plan at the payment provider (shared by the plan cards and Your plan). */
export const useSubscriptionStatus = () =>
  useQuery({
    queryKey: accountKeys.billing('status'),
    queryFn: () => apiFetch<SubscriptionStatusResponse>(PaymentRoutes.subscriptionStatus),
  });

/**
 * The current plan (spec 1 §2 subscription page): its status and renewal or cancellation date,
 * Cancel (at the period's end) and Manage billing (the portal); saved cards and the last 10
 * invoices. Shown once the user has bought something.
 */
export function YourPlan() {
  const queryClient = useQueryClient();
  const status = useQuery({
    queryKey: accountKeys.billing('status'),
    queryFn: () => apiFetch<SubscriptionStatusResponse>(PaymentRoutes.subscriptionStatus),
  });
  const invoices = useQuery({
    queryKey: accountKeys.billing('invoices'),
    queryFn: () => orNothing(() => apiFetch<InvoicesResponse>(PaymentRoutes.invoices)),
  });
  const cards = useQuery({
    queryKey: accountKeys.billing('cards'),
    queryFn: () => orNothing(() => apiFetch<PaymentMethodsResponse>(PaymentRoutes.paymentMethods)),
  });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const subscription = status.data?.subscription ?? null;
  if (!subscription && !invoices.data?.invoices.length) return null;

  const act = async (work: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
      await queryClient.invalidateQueries({ queryKey: accountKeys.billing() });
      void refreshSession();
      void refreshCredits();
    } catch (e) {
      setError(errorText(e, 'This could not be done. Please try again.'));
    } finally {
      setBusy(false);
    }
  };
  const portal = () =>
    act(async () => window.location.assign((await apiFetch<PortalSessionResponse>(PaymentRoutes.portalSession, { method: 'POST' })).url));

  return (
    <section className="ac-section" aria-labelledby="your-plan-title">
      <h2 id="your-plan-title" className="ac-h2">
        Your plan
      </h2>
      <div className="st-card ac-card-pad" style={{ display: 'grid', gap: '.75rem' }}>
        {subscription?.status === 'past_due' ? <Alert tone="warning">{PaymentMessages.paymentFailed}</Alert> : null}
        {subscription ? (
          <>
            <p>
              <strong>{subscription.planName ?? 'Plan'}</strong> · {subscription.interval === 'year' ? 'billed yearly' : 'billed monthly'} ·{' '}
              <span className="ac-status">{subscription.status}</span>
            </p>
            {subscription.currentPeriodEnd ? (
              <p className="ac-note">
                {subscription.cancelAtPeriodEnd ? 'Ends on' : 'Renews on'} {day.format(new Date(subscription.currentPeriodEnd))}
              </p>
            ) : null}
          </>
        ) : (
          <p className="ac-note">No active plan.</p>
        )}
        <div style={{ display: 'flex', gap: '.5rem', flexWrap: 'wrap' }}>
          {subscription && !subscription.cancelAtPeriodEnd ? (
            <button
              type="button"
              className="st-btn st-btn-secondary"
              disabled={busy}
              onClick={() =>
                void act(() =>
                  apiFetch(PaymentRoutes.cancelSubscription, {
                    method: 'POST',
                    json: { subscriptionId: subscription.id, immediately: false },
                  }),
                )
              }
            >
              Cancel plan
            </button>
          ) : null}
          <button type="button" className="st-btn st-btn-secondary" disabled={busy} onClick={() => void portal()}>
            Manage billing
          </button>
        </div>
        {error ? <Alert tone="error">{error}</Alert> : null}
        {cards.data?.paymentMethods.length ? (
          <p className="ac-note">Cards: {cards.data.paymentMethods.map((c) => `${c.brand} ending in ${c.last4}`).join(', ')}</p>
        ) : null}
        {invoices.data?.invoices.length ? (
          <div className="ac-table-wrap">
            <table className="ac-table">
              <caption className="st-visually-hidden">Invoices, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Amount</th>
                  <th scope="col">Status</th>
                  <th scope="col">Invoice</th>
                </tr>
              </thead>
              <tbody>
                {invoices.data.invoices.map((i) => (
                  <tr key={i.id}>
                    <td>{day.format(new Date(i.created))}</td>
                    <td>{formatUsd(i.amount / 100)}</td>
                    <td>{i.status}</td>
                    <td>{i.url ? <a href={i.url}>View</a> : '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </div>
    </section>
  );
}
