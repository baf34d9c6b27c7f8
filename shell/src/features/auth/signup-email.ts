/** The signup e-mail kept between the landing page's form and the auth modal (spec 1 §2). */
const KEY = 'signupEmail';

export function storeSignupEmail(email: string): void {
  try {
    localStorage.setItem(KEY, email);
  } catch {
    // Private mode: the modal simply opens without the e-mail.
  }
}

/** Returns the stored e-mail once and clears it. */
export function takeStoredSignupEmail(): string | null {
  try {
    const email = localStorage.getItem(KEY);
    if (email !== null) localStorage.removeItem(KEY);
    return email;
  } catch {
    return null;
  }
}
