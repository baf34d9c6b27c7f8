import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { CHECKOUT_REDIRECT_MS, PaymentMessages, AppPaths } from '@studio/contracts';
import { refreshCredits, errorText } from '@studio/session';
import { Logo, Spinner } from '@studio/ui';
import { verifyCheckoutSession } from './api';

type Kind = 'subscription' | 'credits';
type State = { status: 'verifying' } | { status: 'failed'; message: string } | { status: 'done'; title: string; detail: string };

const usd = (cents: number | null, currency: string | null) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: (currency ?? 'usd').toUpperCase() }).format((cents ?? 0) / 100);

/**
 * `/subscription/success` and `/credits/success` (spec 1 §2): Verifying, then what was bought, or
 * "Payment Verification Failed" with Continue to App; after 3 s, on to the app. The credits
 * themselves come from the provider's webhook, not from this page.
 */
export default function CheckoutReturnPage({ kind }: { kind: Kind }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const sessionId = params.get('session_id');
  const [state, setState] = useState<State>(
    sessionId ? { status: 'verifying' } : { status: 'failed', message: PaymentMessages.noSessionId },
  );

  useEffect(() => {
    if (!sessionId) return;
    let left = false;
    verifyCheckoutSession(sessionId)
      .then(({ session }) => {
        if (left) return;
        if (session.payment_status !== 'paid') {
          setState({ status: 'failed', message: PaymentMessages.verifyFailed });
          return;
        }
        const amount = usd(session.amount_total, session.currency);
        const interval = session.subscription?.items.data[0]?.price.recurring?.interval;
        setState(
          kind === 'subscription'
            ? {
                status: 'done',
                title: `Welcome to ${session.metadata.plan_name ?? 'your plan'}`,
                detail: `${amount}${interval ? ` per ${interval}` : ''}`,
              }
            : {
                status: 'done',
                title: `${Number(session.metadata.credits ?? 0).toLocaleString('en-US')} credits added`,
                detail: `${amount} paid`,
              },
        );
        // The credits arrive by webhook, usually within the moment: the balance is read now and again on leaving.
        void refreshCredits();
        window.setTimeout(() => {
          void refreshCredits();
          void navigate(`${AppPaths.explore}?${kind === 'subscription' ? 'payment_success' : 'credits_purchased'}=true`, {
            replace: true,
          });
        }, CHECKOUT_REDIRECT_MS);
      })
      .catch((error: unknown) => {
        if (!left)
          setState({
            status: 'failed',
            message: errorText(error, PaymentMessages.verifyFailed),
          });
      });
    return () => {
      left = true;
    };
  }, [sessionId, kind, navigate]);

  return (
    <main className="sh-narrow-page">
      <div className="st-card sh-narrow-card" aria-live="polite">
        <Logo />
        {state.status === 'verifying' ? (
          <>
            <h1 className="sh-page-title">Verifying your payment…</h1>
            <Spinner label="Verifying" />
          </>
        ) : state.status === 'done' ? (
          <>
            <h1 className="sh-page-title">{state.title}</h1>
            <p className="sh-muted">{state.detail}. Taking you to the studio…</p>
          </>
        ) : (
          <>
            <h1 className="sh-page-title">{PaymentMessages.verificationFailedHeading}</h1>
            <p role="alert">{state.message}</p>
            <button
              type="button"
              className="st-btn st-btn-primary"
              onClick={() => navigate(kind === 'subscription' ? AppPaths.images : AppPaths.explore)}
            >
              Continue to App
            </button>
          </>
        )}
      </div>
    </main>
  );
}
