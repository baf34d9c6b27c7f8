import { useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { PaymentMessages, AppPaths } from '@studio/contracts';
import { profileAtom, RemoteSlot, signOut, userAtom, errorText } from '@studio/session';
import { useOpenBillingPortal } from '@studio/session/query';
import { useDismiss } from '@studio/ui';
import { inlineLoading, inlineUnavailable } from '../../remotes/fallbacks.tsx';

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
  /** The billing portal: opening (until the page leaves for it), or the spec's text when it cannot open (spec 1 §8). */
  const portal = useOpenBillingPortal();
  const opening = portal.isPending || portal.isSuccess;

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
          <RemoteSlot id="mfe_account/AccountMenu" props={{}} loading={inlineLoading} unavailable={inlineUnavailable} />
          <nav aria-label="Account actions" className="sh-usermenu-actions">
            <Link to={AppPaths.subscription} onClick={() => setOpen(false)} className="sh-usermenu-item">
              Upgrade Plan
            </Link>
            <Link to={AppPaths.analytics} onClick={() => setOpen(false)} className="sh-usermenu-item">
              Usage analytics
            </Link>
            <Link to={AppPaths.voices} onClick={() => setOpen(false)} className="sh-usermenu-item">
              Voices
            </Link>
            <button type="button" className="sh-usermenu-item" disabled={opening} onClick={() => portal.mutate()}>
              {opening ? 'Opening billing…' : 'Billing'}
            </button>
            {portal.error ? (
              <p className="sh-usermenu-note" role="alert">
                {errorText(portal.error, PaymentMessages.portalFailed)}
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
