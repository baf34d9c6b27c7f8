import { useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { PaymentMessages } from '@studio/contracts';
import { profileAtom, signOut, userAtom, errorText } from '@studio/session';
import { useDismiss } from '@studio/ui';
import { RemoteView } from '../../remotes/RemoteView.tsx';
import { createPortalSession } from './api.ts';

/**
 * The user menu (spec 1 §2): the account part comes from mfe-account (username, avatar,
 * credits); the shell adds Upgrade Plan, Billing and Sign Out.
 */
export function UserMenu() {
  const user = useAtomValue(userAtom);
  const profile = useAtomValue(profileAtom);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const wrap = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const navigate = useNavigate();
  /** The billing portal: opening, or the spec's text when it cannot open (spec 1 §8). */
  const [billing, setBilling] = useState<string | null>(null);
  const openBilling = async () => {
    setBilling('opening');
    try {
      const { url } = await createPortalSession();
      window.location.assign(url);
    } catch (error) {
      setBilling(errorText(error, PaymentMessages.portalFailed));
    }
  };

  useDismiss(open, wrap, button, () => setOpen(false));

  const name = profile?.username ?? user?.email ?? '';
  const initial = (name[0] ?? '?').toUpperCase();

  return (
    <div className="sh-usermenu" ref={wrap}>
      <button
        ref={button}
        type="button"
        className="sh-avatar-btn"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label="Account menu"
        onClick={() => setOpen((v) => !v)}
      >
        {profile?.avatar_url ? <img src={profile.avatar_url} alt="" width={36} height={36} /> : <span aria-hidden="true">{initial}</span>}
      </button>
      {open && (
        <div id={panelId} className="sh-usermenu-panel" role="region" aria-label="Account">
          <div className="sh-usermenu-head">
            <strong>{profile?.username ? `@${profile.username}` : 'Your account'}</strong>
            <span className="sh-muted">{user?.email}</span>
          </div>
          <RemoteView id="mfe_account/AccountMenu" props={{}} variant="inline" />
          <nav aria-label="Account actions" className="sh-usermenu-actions">
            <Link to="/app/subscription" onClick={() => setOpen(false)} className="sh-usermenu-item">
              Upgrade Plan
            </Link>
            <Link to="/app/analytics" onClick={() => setOpen(false)} className="sh-usermenu-item">
              Usage analytics
            </Link>
            <Link to="/app/voices" onClick={() => setOpen(false)} className="sh-usermenu-item">
              Voices
            </Link>
            <button type="button" className="sh-usermenu-item" disabled={billing === 'opening'} onClick={() => void openBilling()}>
              {billing === 'opening' ? 'Opening billing…' : 'Billing'}
            </button>
            {billing && billing !== 'opening' ? (
              <p className="sh-usermenu-note" role="alert">
                {billing}
              </p>
            ) : null}
            <button
              type="button"
              className="sh-usermenu-item sh-usermenu-signout"
              onClick={async () => {
                setOpen(false);
                await signOut().catch(() => undefined);
                void navigate('/');
              }}
            >
              Sign Out
            </button>
          </nav>
        </div>
      )}
    </div>
  );
}
