import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { forgotPasswordForm, type ForgotPasswordForm } from '../../contract/auth';
import { authMessages, authPaths } from '../../contract/constants/auth';
import { ApiError, apiRequest } from '../lib/api-client';
import { usePageTitle } from '../features/auth/use-page-title';

/** /forgot-password: Send Reset Email and Back to Login. */
export default function ForgotPasswordPage() {
  usePageTitle('Reset Password');
  const form = useForm<ForgotPasswordForm>({
    resolver: zodResolver(forgotPasswordForm),
    defaultValues: { email: '' },
  });
  const [sent, setSent] = useState<{ ok: boolean; message: string } | null>(null);
  const problem = form.formState.errors.email?.message;
  const result = problem ? { ok: false, message: problem } : sent;

  const onValid = async ({ email }: ForgotPasswordForm) => {
    setSent(null);
    try {
      const res = await apiRequest<{ success: boolean }>(authPaths.forgotPassword, {
        method: 'POST',
        body: { email, resetUrl: `${window.location.origin}/reset-password` },
      });
      setSent(
        res.success
          ? { ok: true, message: authMessages.resetRequestSuccess }
          : { ok: false, message: authMessages.resetRequestFailed },
      );
    } catch (err) {
      setSent({
        ok: false,
        message:
          err instanceof ApiError && err.status > 0
            ? authMessages.resetRequestFailed
            : authMessages.resetRequestError,
      });
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
          <Form onSubmit={(e) => void form.handleSubmit(onValid)(e)} noValidate>
            <Form.Group className="mb-3" controlId="forgot-email">
              <Form.Label>E-mail</Form.Label>
              <Form.Control
                type="email"
                required
                autoComplete="email"
                aria-invalid={problem ? true : undefined}
                {...form.register('email')}
              />
            </Form.Group>
            <div className="d-flex flex-wrap gap-2 align-items-center">
              <Button type="submit" disabled={form.formState.isSubmitting}>
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
