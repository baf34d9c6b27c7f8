import { memo, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { NavLink, useLocation, useSearchParams } from 'react-router-dom';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { PaymentMessages, AppPaths } from '@studio/contracts';
import {
  adminViewActiveAtom,
  adminViewAtom,
  contentBadgeAtom,
  isAdminAtom,
  planStatusAtom,
  profileAtom,
  RemoteSlot,
  requestUpgrade,
  upgradeRequestAtom,
  userAtom,
} from '@studio/session';
import { Banner, Logo, useBanner, warmTypeScale } from '@studio/ui';
import { SUPPORT_EMAIL } from '../../config.ts';
import { whenIdle } from '../../lib/idle.ts';
import { preloadRemotes } from '../../remotes/runtime.ts';
import { inlineUnavailable } from '../../remotes/fallbacks.tsx';
import { navigationGroups, type NavItem } from './navigation.ts';
import { NavIconSvg } from './NavIconSvg.tsx';
import { UserMenu } from './UserMenu.tsx';
import { shouldShowWelcome } from './welcome.ts';
import { useMarkWelcomeShown } from './api.ts';

const COLLAPSE_KEY = 'sidebarCollapsed';

function readCollapsed(): boolean {
  try {
    return localStorage.getItem(COLLAPSE_KEY) === 'true';
  } catch {
    return false;
  }
}

/** The app frame (spec 1 §2 "Sidebar and shell"): sidebar, top bar, user menu and content. */
export function AppFrame({ title, children }: { title: string; children: ReactNode }) {
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const location = useLocation();
  const drawerId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  const setBadge = useSetAtom(contentBadgeAtom);

  useEffect(() => {
    try {
      localStorage.setItem(COLLAPSE_KEY, String(collapsed));
    } catch {
      // Not remembered in private mode; the toggle still works.
    }
  }, [collapsed]);

  // The drawer closes on navigation; the Content badge resets on /app/images (spec 1 §2).
  useEffect(() => {
    setDrawerOpen(false);
    if (location.pathname === AppPaths.images) setBadge(0);
  }, [location.pathname, setBadge]);

  // While idle: every remote's modules and the type scale's fonts, so a click renders a screen at once.
  useEffect(
    () =>
      whenIdle(() => {
        warmTypeScale();
        void preloadRemotes();
      }),
    [],
  );

  useEffect(() => {
    if (!drawerOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setDrawerOpen(false);
        menuButton.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    document.querySelector<HTMLElement>(`#${CSS.escape(drawerId)} a`)?.focus();
    return () => document.removeEventListener('keydown', onKey);
  }, [drawerOpen, drawerId]);

  return (
    <div className={`sh-frame${collapsed ? ' sh-frame-collapsed' : ''}${drawerOpen ? ' sh-frame-drawer-open' : ''}`}>
      <a className="st-skip" href="#app-content">
        Skip to content
      </a>
      <aside id={drawerId} className="sh-sidebar" aria-label="Studio navigation">
        <div className="sh-sidebar-top">
          <NavLink to={AppPaths.discover} className="sh-sidebar-brand" aria-label="Studio">
            <Logo size={26} />
          </NavLink>
          <button
            type="button"
            className="sh-collapse-btn"
            aria-pressed={collapsed}
            aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
            onClick={() => setCollapsed((c) => !c)}
          >
            <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
              <path
                d={collapsed ? 'M9 6l6 6-6 6' : 'M15 6l-6 6 6 6'}
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          </button>
        </div>
        <SidebarNav />
        <AdminViewToggle />
      </aside>
      {drawerOpen && <div className="sh-drawer-backdrop" onClick={() => setDrawerOpen(false)} aria-hidden="true" />}
      <div className="sh-main">
        <header className="sh-topbar">
          <button
            ref={menuButton}
            type="button"
            className="sh-hamburger"
            aria-label="Open navigation"
            aria-expanded={drawerOpen}
            aria-controls={drawerId}
            onClick={() => setDrawerOpen((o) => !o)}
          >
            <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
              <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
          <p className="sh-topbar-title">{title}</p>
          <TopbarActions />
        </header>
        <PlanGateBanner />
        <CheckoutReturnBanner />
        <main id="app-content" className="sh-content" tabIndex={-1}>
          {children}
        </main>
      </div>
      <UpgradeDialogHost />
      <WelcomeHost />
    </div>
  );
}

/*
 * A navigation re-renders the frame (its title and content change): the parts that do not depend
 * on the screen are memoised, so a click renders little besides the new screen.
 */

/** The top bar's right end on every signed-in screen: the credits and the user menu (spec 1 §2). */
export const TopbarActions = memo(function TopbarActions() {
  return (
    <div className="sh-topbar-actions">
      <RemoteSlot
        id="mfe_account/CreditsWidget"
        props={{ variant: 'compact' }}
        loading={<span className="sh-credits-skeleton" aria-hidden="true" />}
        unavailable={inlineUnavailable}
      />
      <UserMenu />
    </div>
  );
});

const SidebarNav = memo(function SidebarNav() {
  const badge = useAtomValue(contentBadgeAtom);
  const admin = useAtomValue(adminViewActiveAtom);
  return (
    <nav className="sh-nav">
      {navigationGroups(SUPPORT_EMAIL, { admin }).map((group) => (
        <div key={group.title ?? 'main'} className="sh-nav-group">
          {group.title && <p className="sh-nav-title">{group.title}</p>}
          <ul>
            {group.items.map((item) => (
              <li key={item.label}>
                <SidebarLink item={item} badge={item.badge ? badge : 0} />
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
});

function SidebarLink({ item, badge }: { item: NavItem; badge: number }) {
  const content = (
    <>
      <NavIconSvg name={item.icon} />
      <span className="sh-nav-label">{item.label}</span>
      {badge > 0 && (
        <span className="st-badge st-badge-count" role="img" aria-label={`${badge} new`}>
          {badge > 99 ? '99+' : badge}
        </span>
      )}
    </>
  );
  if (item.external) {
    return (
      <a href={item.to} className="sh-nav-link" title={item.label}>
        {content}
      </a>
    );
  }
  return (
    <NavLink to={item.to} className={({ isActive }) => `sh-nav-link${isActive ? ' sh-nav-active' : ''}`} title={item.label}>
      {content}
    </NavLink>
  );
}

/** Shown to admins only (spec 1 §6); stored locally, on by default. */
function AdminViewToggle() {
  const isAdmin = useAtomValue(isAdminAtom);
  const [on, setOn] = useAtom(adminViewAtom);
  if (!isAdmin) return null;
  return (
    <div className="sh-admin-toggle">
      <span id="admin-view-label">Admin View</span>
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-labelledby="admin-view-label"
        className="sh-switch"
        onClick={() => setOn(!on)}
      >
        <span aria-hidden="true" />
      </button>
    </div>
  );
}

/**
 * spec 1 §2: the checkout return pages send the user on to `?payment_success=true` or
 * `?credits_purchased=true`; the app says the payment went through (for 5 s) and drops the flag
 * from the address, so a reload or a shared link does not say it again.
 */
function CheckoutReturnBanner() {
  const [params, setParams] = useSearchParams();
  const { banner, show } = useBanner();
  const returned = params.get('payment_success') === 'true' ? 'plan' : params.get('credits_purchased') === 'true' ? 'credits' : null;
  useEffect(() => {
    if (!returned) return;
    show('success', returned === 'plan' ? PaymentMessages.planActive : PaymentMessages.creditsAdded);
    setParams(
      (current) => {
        current.delete('payment_success');
        current.delete('credits_purchased');
        return current;
      },
      { replace: true },
    );
  }, [returned, show, setParams]);
  if (!banner) return null;
  return (
    <div className="sh-frame-banner">
      <Banner message={banner} />
    </div>
  );
}

/** Plan gating: when `/api/plan-status` says a plan is needed, ask before the user generates. */
function PlanGateBanner() {
  const status = useAtomValue(planStatusAtom);
  const location = useLocation();
  if (!status?.needsPlan || location.pathname === AppPaths.subscription) return null;
  return (
    <div className="sh-plan-gate" role="status">
      <p>
        <strong>Choose a plan to keep creating.</strong>{' '}
        {status.reason === 'trial_no_credits' ? 'Your trial credits are used up.' : 'Your account has no active plan.'}
      </p>
      <button type="button" className="st-btn st-btn-primary" onClick={() => requestUpgrade()}>
        Choose a plan
      </button>
    </div>
  );
}

/** Hosts mfe-account's upgrade dialog for any app that calls `requestUpgrade`. */
function UpgradeDialogHost() {
  const [request, setRequest] = useAtom(upgradeRequestAtom);
  if (!request) return null;
  return (
    <RemoteSlot
      id="mfe_account/UpgradeDialog"
      props={{ open: true, onClose: () => setRequest(null), creditsNeeded: request.creditsNeeded, action: request.action }}
      unavailable={inlineUnavailable}
    />
  );
}

/** Hosts mfe-gallery's welcome modal for a new account; closing it records that on the profile. */
function WelcomeHost() {
  const user = useAtomValue(userAtom);
  const profile = useAtomValue(profileAtom);
  const [closed, setClosed] = useState(false);
  const markShown = useMarkWelcomeShown();
  if (closed || !shouldShowWelcome(user, profile, Date.now())) return null;
  const close = () => {
    setClosed(true);
    markShown.mutate();
  };
  return <RemoteSlot id="mfe_gallery/WelcomeModal" props={{ onClose: close }} unavailable={inlineUnavailable} />;
}
