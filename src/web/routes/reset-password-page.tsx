import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { resetPasswordForm, type ResetPasswordForm } from '../../contract/auth';
import { authMessages, authPaths } from '../../contract/constants/auth';
import { LoadingMessage } from '../components/loading-message';
import { ApiError, apiRequest } from '../lib/api-client';
import { formResolver } from '../components/form/form-resolver';
import { AuthCard } from '../features/auth/auth-card';
import { AuthMessage } from '../features/auth/auth-message';
import { NewPasswordFields } from '../features/auth/new-password-fields';
import { captureResetToken } from '../features/auth/reset-token';

type Phase = 'checking' | 'no-token' | 'invalid' | 'check-error' | 'form' | 'done';

/** /reset-password: validates the token, then new password and confirmation; → /login after 2 s. */
export default function ResetPasswordPage() {
  const [token] = useState(captureResetToken);
  const [phase, setPhase] = useState<Phase>(token ? 'checking' : 'no-token');
  const [email, setEmail] = useState('');
  const form = useForm<ResetPasswordForm>({
    resolver: formResolver(resetPasswordForm, {
      password: 'New password',
      confirmation: 'Confirm password',
    }),
    defaultValues: { password: '', confirmation: '' },
  });
  const [serverError, setServerError] = useState<string | null>(null);
  const error = form.formState.errors.password?.message ?? serverError;

  useEffect(() => {
    if (!token) return;
    apiRequest<{ valid: boolean; user?: { email: string } }>(authPaths.validateResetToken, {
      method: 'POST',
      body: { token },
    })
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

  const onValid = async ({ password }: ResetPasswordForm) => {
    setServerError(null);
    try {
      await apiRequest(authPaths.resetPassword, {
        method: 'POST',
        body: { token, newPassword: password },
      });
      setPhase('done');
    } catch (err) {
      if (err instanceof ApiError && err.code === 'AUTH.INVALID_RESET_TOKEN') setPhase('invalid');
      else if (err instanceof ApiError && err.code === 'VALIDATION.PASSWORD')
        setServerError(err.message);
      else if (err instanceof ApiError && err.status > 0) setServerError(authMessages.resetFailed);
      else setServerError(authMessages.resetError);
    }
  };

  const message: Partial<Record<Phase, string>> = {
    'no-token': authMessages.noTokenInUrl,
    invalid: authMessages.tokenInvalidPage,
    'check-error': authMessages.tokenValidateError,
  };

  return (
    <AuthCard title="Choose a New Password">
      {phase === 'checking' && <LoadingMessage />}
      {message[phase] && (
        <>
          <AuthMessage text={message[phase]} />
          <a href="/forgot-password">Request a new password reset</a>
        </>
      )}
      {phase === 'done' && <AuthMessage ok text={authMessages.resetSuccess} />}
      {phase === 'form' && (
        <Form onSubmit={(e) => void form.handleSubmit(onValid)(e)} noValidate>
          {email && <p>For {email}</p>}
          <AuthMessage text={error} />
          <NewPasswordFields
            idPrefix="reset"
            password={form.register('password')}
            confirmation={form.register('confirmation')}
            invalid={Boolean(form.formState.errors.password)}
          />
          <Button type="submit" disabled={form.formState.isSubmitting}>
            Reset Password
          </Button>
        </Form>
      )}
    </AuthCard>
  );
}
