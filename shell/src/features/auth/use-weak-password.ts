import { useEffect, useState } from 'react';
import { PASSWORD_MIN } from '@studio/contracts';

/**
 * Whether the new password being typed is too weak (spec 1 §3 weak_password), checked as the user
 * types. The estimator and its dictionaries load the first time a password is long enough to judge.
 */
export function useWeakPassword(password: string, email: string, active = true): boolean {
  const [weak, setWeak] = useState(false);
  useEffect(() => {
    if (!active || password.length < PASSWORD_MIN) {
      setWeak(false);
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      void import('@studio/session/password-strength')
        .then(({ isWeakPassword }) => isWeakPassword(password, email))
        .then((result) => current && setWeak(result))
        .catch(() => current && setWeak(false));
    }, 150);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [password, email, active]);
  return weak;
}
