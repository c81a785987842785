import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { authMessages, authPaths } from '../../contract/auth';
import { ApiError, apiRequest } from '../lib/api-client';
import { usePageTitle } from '../features/auth/use-page-title';

/** /forgot-password: Send Reset Email and Back to Login. */
export default function ForgotPasswordPage() {
  usePageTitle('Reset Password');
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setResult(null);
    try {
      const res = await apiRequest<{ success: boolean }>(authPaths.forgotPassword, {
        method: 'POST',
        body: { email, resetUrl: `${window.location.origin}/reset-password` },
      });
      setResult(
        res.success
          ? { ok: true, message: authMessages.resetRequestSuccess }
          : { ok: false, message: authMessages.resetRequestFailed },
      );
    } catch (err) {
      setResult({
        ok: false,
        message:
          err instanceof ApiError && err.status > 0
            ? authMessages.resetRequestFailed
            : authMessages.resetRequestError,
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="page-title" className="auth-page mx-auto" style={{ maxWidth: 420 }}>
      <Card>
        <Card.Body>
          <h1 id="page-title" className="h3 mb-3" tabIndex={-1}>
            Reset Password
          </h1>
          {result && (
            <Alert variant={result.ok ? 'success' : 'danger'} role={result.ok ? 'status' : 'alert'}>
              {result.message}
            </Alert>
          )}
          <Form onSubmit={(e) => void onSubmit(e)}>
            <Form.Group className="mb-3" controlId="forgot-email">
              <Form.Label>E-mail</Form.Label>
              <Form.Control
                type="email"
                required
                autoComplete="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
            </Form.Group>
            <div className="d-flex flex-wrap gap-2 align-items-center">
              <Button type="submit" disabled={busy}>
                Send Reset Email
              </Button>
              <a className="btn btn-link" href="/login">
                Back to Login
              </a>
            </div>
          </Form>
        </Card.Body>
      </Card>
    </section>
  );
}
