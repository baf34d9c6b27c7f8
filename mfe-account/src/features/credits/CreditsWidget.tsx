import { Link } from 'react-router-dom';
import { AppPaths } from '@studio/contracts';
import { useAtomValue } from 'jotai';
import type { CreditsWidgetProps } from '@studio/contracts';
import { creditsAtom, profileAtom, sessionStatusAtom } from '@studio/session';
import { useCreditsQuery } from '@studio/session/query';
import { resetDateLabel } from '../../shared/reset-label.ts';

const number = new Intl.NumberFormat('en-US');

function Coin() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true">
      <circle cx="12" cy="12" r="9" fill="#f5b73b" />
      <circle cx="12" cy="12" r="6" fill="none" stroke="#7a5200" strokeWidth="1.5" />
      <path d="M12 8.5v7" stroke="#7a5200" strokeWidth="1.5" strokeLinecap="round" />
    </svg>
  );
}

/**
 * The balance, from the shared session atoms (kept current by the shell). The widget also holds the
 * `['credits']` query, so any app that invalidates that key (a generation that spent credits)
 * re-reads the balance into the atoms at once.
 */
export function CreditsWidget({ variant = 'compact' }: CreditsWidgetProps) {
  const signedIn = useAtomValue(sessionStatusAtom) === 'signed_in';
  useCreditsQuery(signedIn);
  const credits = useAtomValue(creditsAtom);
  const profile = useAtomValue(profileAtom);
  const balance = credits?.credits ?? profile?.credits_remaining;
  if (balance === undefined) return null;
  if (variant === 'compact') {
    return (
      <Link to={AppPaths.subscription} className="ac-credits-pill" aria-label={`${number.format(balance)} credits. Plans and credits`}>
        <Coin />
        {number.format(balance)}
        <span className="ac-note" style={{ fontSize: 'inherit', fontWeight: 600 }}>
          credits
        </span>
      </Link>
    );
  }
  return (
    <div className="ac-credits-card">
      <span className="ac-stat-label">Credits</span>
      <span style={{ display: 'flex', alignItems: 'center', gap: '.4rem', fontWeight: 800, fontSize: 'var(--st-text-xl)' }}>
        <Coin />
        <span data-testid="credits-balance">{number.format(balance)}</span>
      </span>
      <span className="ac-note">
        {credits?.subscription?.subscription_plans?.plan_name ?? profile?.subscription_tier ?? ''} · Next reset:{' '}
        {resetDateLabel(credits?.resetDate ?? profile?.credits_reset_date ?? null, Date.now())}
      </span>
    </div>
  );
}
