/**
 * The pages a person sees at the emulator, standing in for Stripe's hosted checkout and customer
 * portal: plain HTML forms that post back to the emulator.
 */
import { periodOf, itemOf, type StripeApi } from './api.ts';
import { text, type Store, type StripeObject } from './store.ts';

const escape = (value: unknown) => text(value).replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
const money = (cents: unknown) => `$${(Number(cents ?? 0) / 100).toFixed(2)}`;
const date = (unix: unknown) => new Date(Number(unix) * 1000).toISOString().slice(0, 10);

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:34rem;margin:2rem auto;padding:0 1rem;color:#1a1a2e}
form{display:grid;gap:.75rem}label{display:grid;gap:.25rem;font-weight:600}input,select{font:inherit;padding:.6rem;border:1px solid #bbb;border-radius:8px}
button{font:inherit;padding:.7rem 1rem;border-radius:8px;border:0;background:#635bff;color:#fff;cursor:pointer;min-height:44px}
button.secondary{background:#e8e8f0;color:#1a1a2e}.error{color:#b42318;font-weight:600}.note{color:#555;font-size:.9rem}
table{width:100%;border-collapse:collapse}td,th{text-align:left;padding:.4rem;border-bottom:1px solid #eee}section{margin:1.5rem 0}</style>
</head><body><main>${body}</main></body></html>`;
}

export function checkoutPage(session: StripeObject, api: StripeApi, error?: string): string {
  const lines = api
    .lineItems(session.id)
    .map((i) => {
      const price = i.price as StripeObject;
      const recurring = price.recurring as { interval: string } | null;
      return `<li>${escape(api.productName(price))} — ${money(price.unit_amount)}${recurring ? ` per ${escape(recurring.interval)}` : ''}</li>`;
    })
    .join('');
  return layout(
    'Checkout',
    `<h1>Pay ${money(session.amount_total)}</h1>
<p class="note">Studio test checkout (local Stripe emulator): no real card is charged.</p>
<ul>${lines}</ul>
${error ? `<p class="error" role="alert">${escape(error)}</p>` : ''}
<form method="post" action="/checkout/${escape(session.id)}/pay">
<label>Card number<input name="cardNumber" inputmode="numeric" autocomplete="cc-number" required placeholder="4242 4242 4242 4242"></label>
<label>Expiry<input name="expiry" autocomplete="cc-exp" placeholder="12 / 34"></label>
<label>CVC<input name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123"></label>
<button type="submit">Pay ${money(session.amount_total)}</button>
</form>
<form method="post" action="/checkout/${escape(session.id)}/cancel"><button class="secondary" type="submit">Back</button></form>
<p class="note">4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined.</p>`,
  );
}

export function portalPage(portal: StripeObject, store: Store, api: StripeApi): string {
  const customer = String(portal.customer);
  const subscriptions = store.list('subscription', (s) => s.customer === customer && s.status !== 'canceled');
  const plans = store.list('price', (p) => p.type === 'recurring' && p.active === true);
  // A card paid with twice is one card (Stripe's portal lists it once): one per fingerprint.
  const cards = [
    ...new Map(
      store.list('payment_method', (p) => p.customer === customer).map((p) => [(p.card as { fingerprint: string }).fingerprint, p]),
    ).values(),
  ];
  const invoices = store.list('invoice', (i) => i.customer === customer).slice(0, 10);
  const subscriptionBlock = subscriptions
    .map((s) => {
      const price = itemOf(s).price as StripeObject;
      const { end } = periodOf(s);
      const ending = s.cancel_at_period_end ? `Cancels on ${date(end)}` : `Renews on ${date(end)}`;
      const options = plans
        .filter((p) => p.id !== price.id)
        .map(
          (p) =>
            `<option value="${escape(p.id)}">${escape(api.productName(p))} — ${money(p.unit_amount)} per ${escape((p.recurring as { interval: string }).interval)}</option>`,
        )
        .join('');
      return `<section aria-label="Current plan"><h2>Current plan</h2>
<p><strong>${escape(api.productName(price))}</strong> — ${money(price.unit_amount)} per ${escape((price.recurring as { interval: string }).interval)}</p>
<p>${ending}</p>
<form method="post" action="/portal/${escape(portal.id)}/${s.cancel_at_period_end ? 'renew' : 'cancel'}"><input type="hidden" name="subscription" value="${escape(s.id)}">
<button type="submit">${s.cancel_at_period_end ? 'Renew plan' : 'Cancel plan'}</button></form>
${options ? `<form method="post" action="/portal/${escape(portal.id)}/switch"><input type="hidden" name="subscription" value="${escape(s.id)}"><label>Switch plan<select name="price">${options}</select></label><button type="submit">Switch plan</button></form>` : ''}
</section>`;
    })
    .join('');
  return layout(
    'Billing',
    `<h1>Billing</h1>
${subscriptionBlock || '<p>No active plan.</p>'}
<section aria-label="Payment methods"><h2>Payment methods</h2>${cards.length ? `<ul>${cards.map((c) => `<li>${escape((c.card as { brand: string }).brand)} ending in ${escape((c.card as { last4: string }).last4)}</li>`).join('')}</ul>` : '<p>None.</p>'}</section>
<section aria-label="Invoices"><h2>Invoices</h2>${invoices.length ? `<table><thead><tr><th>Date</th><th>Amount</th><th>Status</th></tr></thead><tbody>${invoices.map((i) => `<tr><td>${date(i.created)}</td><td>${money(i.amount_paid)}</td><td>${escape(i.status)}</td></tr>`).join('')}</tbody></table>` : '<p>None.</p>'}</section>
<p><a href="${escape(portal.return_url ?? '/')}">Return to Studio</a></p>`,
  );
}
