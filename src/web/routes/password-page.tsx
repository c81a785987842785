import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { authMessages, authPaths } from '../../contract/auth';
import { ApiError, apiRequest } from '../lib/api-client';
import { NewPasswordFields } from '../features/auth/new-password-fields';
import { newPasswordProblem } from '../features/auth/password-rules';
import { endSession } from '../features/auth/use-logout';
import { usePageTitle } from '../features/auth/use-page-title';
import { useSession } from '../features/auth/use-session';

/** The spec's delay before the update-password screen goes to /login (section 9). */
export const REDIRECT_AFTER_CHANGE_MS = 3000;

/**
 * /password: Change Password (e-mail, current password when there is one, new, confirmation).
 * After a change the user is signed out and lands on /login 3 s later (docs/decisions/011).
 */
export default function PasswordPage() {
  usePageTitle('Change Password');
  const { user, status } = useSession();
  const account = useQuery({
    queryKey: ['session', 'account'],
    queryFn: () => apiRequest<{ hasPassword: boolean }>(authPaths.account),
  });
  const [email, setEmail] = useState(user?.email ?? '');
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const signedOut = useRef<Promise<void>>(Promise.resolve());
  const hasPassword = account.data?.hasPassword ?? true;

  // The page stays (with its message) until the full load of /login, which starts signed out:
  // clearing the session query now would let the guard leave for /login at once.
  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => {
      void signedOut.current.then(() => window.location.assign('/login'));
    }, REDIRECT_AFTER_CHANGE_MS);
    return () => window.clearTimeout(timer);
  }, [done]);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!email.trim()) {
      setError(authMessages.enterEmail);
      return;
    }
    const problem = newPasswordProblem(password, confirmation);
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await apiRequest(authPaths.setPassword, {
        method: 'POST',
        body: {
          email: email.trim(),
          newPassword: password,
          ...(hasPassword ? { currentPassword: current } : {}),
        },
      });
      signedOut.current = endSession(status);
      setDone(true);
    } catch (err) {
      if (err instanceof ApiError && err.status === 400 && err.field) setError(err.message);
      else if (err instanceof ApiError && err.status > 0) setError(authMessages.updateFailed);
      else setError(authMessages.updateError);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="page-title" className="auth-page mx-auto" style={{ maxWidth: 420 }}>
      <Card>
        <Card.Body>
          <h1 id="page-title" className="h3 mb-3" tabIndex={-1}>
            Change Password
          </h1>
          {done ? (
            <Alert variant="success" role="status">
              {authMessages.updateSuccess}
            </Alert>
          ) : (
            <Form onSubmit={(e) => void onSubmit(e)} noValidate>
              {error && (
                <Alert variant="danger" role="alert">
                  {error}
                </Alert>
              )}
              <Form.Group className="mb-3" controlId="password-email">
                <Form.Label>E-mail</Form.Label>
                <Form.Control
                  type="email"
                  required
                  autoComplete="username"
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                />
              </Form.Group>
              {hasPassword && (
                <Form.Group className="mb-3" controlId="password-current">
                  <Form.Label>Current password</Form.Label>
                  <Form.Control
                    type="password"
                    required
                    autoComplete="current-password"
                    value={current}
                    onChange={(e) => setCurrent(e.target.value)}
                  />
                </Form.Group>
              )}
              <NewPasswordFields
                idPrefix="password"
                password={password}
                confirmation={confirmation}
                onPassword={setPassword}
                onConfirmation={setConfirmation}
              />
              <Button type="submit" disabled={busy}>
                Change Password
              </Button>
            </Form>
          )}
        </Card.Body>
      </Card>
    </section>
  );
}
