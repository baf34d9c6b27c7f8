import { useState } from 'react';
import { PaymentMessages } from '@studio/contracts';
import { errorText } from '@studio/session';
import { Alert, ConfirmDialog } from '@studio/ui';
import { useCancelPlan, useOpenBillingPortal, useInvoices, usePaymentMethods, useSubscriptionStatus } from './api.ts';
import { formatUsd } from './pricing.ts';

export const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const FAILED = 'This could not be done. Please try again.';

/**
 * The current plan (spec 1 §2 subscription page): its status and renewal or cancellation date,
 * Cancel (at the period's end, after a confirmation) and Manage billing (the portal); saved cards
 * and the last 10 invoices. Shown once the user has bought something.
 */
export function YourPlan() {
  const status = useSubscriptionStatus();
  const invoices = useInvoices();
  const cards = usePaymentMethods();
  const cancelPlan = useCancelPlan();
  const portal = useOpenBillingPortal();
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const subscription = status.data?.subscription ?? null;
  if (!subscription && !invoices.data?.invoices.length) return null;

  const busy = portal.isPending;
  const failed = portal.error ?? cancelPlan.error;
  const error = failed ? errorText(failed, FAILED) : null;
  const openPortal = () => {
    cancelPlan.reset();
    portal.mutate();
  };
  const cancel = async () => {
    portal.reset();
    await cancelPlan.mutateAsync(subscription!.id).catch(() => undefined);
    setConfirmingCancel(false);
  };
  const periodEnd = subscription?.currentPeriodEnd ? day.format(new Date(subscription.currentPeriodEnd)) : null;

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
            {periodEnd ? (
              <p className="ac-note">
                {subscription.cancelAtPeriodEnd
                  ? `Ends on ${periodEnd}. No more monthly credits are added after that.`
                  : `Renews on ${periodEnd}`}
              </p>
            ) : null}
          </>
        ) : (
          <p className="ac-note">No active plan.</p>
        )}
        <div style={{ display: 'flex', gap: '.5rem', flexWrap: 'wrap' }}>
          {subscription && !subscription.cancelAtPeriodEnd ? (
            <button type="button" className="st-btn st-btn-secondary" disabled={busy} onClick={() => setConfirmingCancel(true)}>
              Cancel plan
            </button>
          ) : null}
          <button type="button" className="st-btn st-btn-secondary" disabled={busy} onClick={openPortal}>
            Manage billing
          </button>
        </div>
        {confirmingCancel && subscription ? (
          <ConfirmDialog
            title="Cancel your plan?"
            description={`Your ${subscription.planName ?? ''} plan stays active until ${periodEnd ?? 'the end of this period'}. After that it ends and no more monthly credits are added.`}
            confirmLabel="Cancel plan"
            cancelLabel="Keep my plan"
            danger
            onConfirm={cancel}
            onClose={() => setConfirmingCancel(false)}
          />
        ) : null}
        {error ? <Alert tone="error">{error}</Alert> : null}
        {cards.data?.paymentMethods.length ? (
          <p className="ac-note">Cards: {cards.data.paymentMethods.map((c) => `${c.brand} ending in ${c.last4}`).join(', ')}</p>
        ) : null}
        {invoices.data?.invoices.length ? (
          <div className="ac-table-wrap" tabIndex={0} role="region" aria-label="Invoice list (scrolls sideways on small screens)">
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
                    <td>
                      {/* The provider's invoice page opens beside the studio, which keeps its tab. */}
                      {i.url ? (
                        <a href={i.url} target="_blank" rel="noopener noreferrer">
                          View
                        </a>
                      ) : (
                        '—'
                      )}
                    </td>
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
