import { PAGE_LOADING_TEXTS } from '@studio/contracts';

/**
 * What a page shows while its code or the session is still on the way (spec 1 §2): the OAuth
 * callback says "Completing Sign In", every other page "Loading...". Used for the router app's
 * first load and each lazy page, so a deep link never shows a bare spinner first.
 */
export function RouteLoading() {
  const callback = typeof window !== 'undefined' && window.location.pathname.startsWith('/auth/callback');
  return (
    <main className="st-center" aria-busy="true">
      <p>{callback ? PAGE_LOADING_TEXTS.completingSignIn : PAGE_LOADING_TEXTS.loading}</p>
    </main>
  );
}
