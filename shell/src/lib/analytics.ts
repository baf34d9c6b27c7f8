/**
 * Product analytics events (spec 1 §2: the OAuth callback records a signup or a login).
 * No third-party analytics is loaded here; events go out as a DOM event that an analytics
 * adapter can forward, and nowhere else.
 */
export type AnalyticsEvent = { name: 'signup' | 'login'; method: 'password' | 'google' | 'email_link' };

export function track(event: AnalyticsEvent): void {
  window.dispatchEvent(new CustomEvent('studio:analytics', { detail: event }));
}
