/** The signup e-mail kept between the landing page's form and the auth modal (spec 1 §2). */
const KEY = 'signupEmail';

export function storeSignupEmail(email: string): void {
  try {
    localStorage.setItem(KEY, email);
  } catch {
    // Private mode: the modal simply opens without the e-mail.
  }
}

/**
 * The stored e-mail, left in place: a render may run again before it is committed (a suspended
 * lazy modal renders anew), so it is cleared by `clearStoredSignupEmail` once the modal is shown.
 */
export function readStoredSignupEmail(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function clearStoredSignupEmail(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // nothing stored in private mode
  }
}
