import { useState } from 'react';
import { useForm } from 'react-hook-form';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { forgotPasswordForm, type ForgotPasswordForm } from '../../contract/auth';
import { authMessages, authPaths } from '../../contract/constants/auth';
import { ApiError, apiRequest } from '../lib/api-client';
import { formResolver } from '../components/form/form-resolver';
import { AuthCard } from '../features/auth/auth-card';
import { AuthMessage } from '../features/auth/auth-message';
import { EmailField } from '../features/auth/auth-fields';

/** /forgot-password: Send Reset Email and Back to Login. */
export default function ForgotPasswordPage() {
  const form = useForm<ForgotPasswordForm>({
    resolver: formResolver(forgotPasswordForm, { email: 'E-mail' }),
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
    <AuthCard title="Reset Password">
      <AuthMessage text={result?.message} ok={result?.ok} />
      <Form onSubmit={(e) => void form.handleSubmit(onValid)(e)} noValidate>
        <EmailField
          id="forgot-email"
          autoComplete="email"
          invalid={Boolean(problem)}
          {...form.register('email')}
        />
        <div className="d-flex flex-wrap gap-2 align-items-center">
          <Button type="submit" disabled={form.formState.isSubmitting}>
            Send Reset Email
          </Button>
          <a className="btn btn-link" href="/login">
            Back to Login
          </a>
        </div>
      </Form>
    </AuthCard>
  );
}
