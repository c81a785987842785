import { useEffect, useState } from 'react';
import { validateResetToken } from './api/password-reset';
import { captureResetToken } from './reset-token';

export type ResetPhase = 'checking' | 'no-token' | 'invalid' | 'check-error' | 'form' | 'done';

/**
 * Where the reset page is: checking the mailed token, refusing it, showing the form, or done
 * (then /login after 2 s).
 */
export function useResetPhase() {
  const [token] = useState(captureResetToken);
  const [phase, setPhase] = useState<ResetPhase>(token ? 'checking' : 'no-token');
  const [email, setEmail] = useState('');

  useEffect(() => {
    if (!token) return;
    validateResetToken(token)
      .then((res) => {
        if (res.valid) {
          setEmail(res.user?.email ?? '');
          setPhase('form');
        } else setPhase('invalid');
      })
      .catch(() => setPhase('check-error'));
  }, [token]);

  useEffect(() => {
    if (phase !== 'done') return;
    const timer = window.setTimeout(() => window.location.assign('/login'), 2000);
    return () => window.clearTimeout(timer);
  }, [phase]);

  return { token, phase, setPhase, email };
}
