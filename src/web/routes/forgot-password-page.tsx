import { useState } from 'react';
import { useForm } from 'react-hook-form';
import Form from 'react-bootstrap/Form';
import { forgotPasswordForm, type ForgotPasswordForm } from '../../contract/auth';
import { authMessages } from '../../contract/constants/auth';
import { ApiError } from '../lib/api-client';
import { formResolver } from '../components/form/form-resolver';
import { SubmitButton } from '../components/form/submit-button';
import { requestPasswordReset } from '../features/auth/api/password-reset';
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
      setSent(
        (await requestPasswordReset(email))
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
          <SubmitButton pending={form.formState.isSubmitting}>Send Reset Email</SubmitButton>
          <a className="btn btn-link" href="/login">
            Back to Login
          </a>
        </div>
      </Form>
    </AuthCard>
  );
}
