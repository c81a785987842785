import { useState } from 'react';
import { useForm } from 'react-hook-form';
import Form from 'react-bootstrap/Form';
import { resetPasswordForm, type ResetPasswordForm } from '../../contract/auth';
import { authMessages } from '../../contract/constants/auth';
import { LoadingMessage } from '../components/loading-message';
import { ApiError } from '../lib/api-client';
import { formResolver } from '../components/form/form-resolver';
import { SubmitButton } from '../components/form/submit-button';
import { resetPassword } from '../features/auth/api/password-reset';
import { AuthCard } from '../features/auth/auth-card';
import { AuthMessage } from '../features/auth/auth-message';
import { NewPasswordFields } from '../features/auth/new-password-fields';
import { useResetPhase, type ResetPhase } from '../features/auth/use-reset-phase';

const PHASE_MESSAGE: Partial<Record<ResetPhase, string>> = {
  'no-token': authMessages.noTokenInUrl,
  invalid: authMessages.tokenInvalidPage,
  'check-error': authMessages.tokenValidateError,
};

/** /reset-password: validates the token, then new password and confirmation; → /login after 2 s. */
export default function ResetPasswordPage() {
  const { token, phase, setPhase, email } = useResetPhase();
  const form = useForm<ResetPasswordForm>({
    resolver: formResolver(resetPasswordForm, {
      password: 'New password',
      confirmation: 'Confirm password',
    }),
    defaultValues: { password: '', confirmation: '' },
  });
  const [serverError, setServerError] = useState<string | null>(null);
  const error = form.formState.errors.password?.message ?? serverError;

  const onValid = async ({ password }: ResetPasswordForm) => {
    setServerError(null);
    try {
      // The form is shown only once the token was found valid.
      await resetPassword(token ?? '', password);
      setPhase('done');
    } catch (err) {
      if (err instanceof ApiError && err.code === 'AUTH.INVALID_RESET_TOKEN') setPhase('invalid');
      else if (err instanceof ApiError && err.code === 'VALIDATION.PASSWORD')
        setServerError(err.message);
      else if (err instanceof ApiError && err.status > 0) setServerError(authMessages.resetFailed);
      else setServerError(authMessages.resetError);
    }
  };

  return (
    <AuthCard title="Choose a New Password">
      {phase === 'checking' && <LoadingMessage />}
      {PHASE_MESSAGE[phase] && (
        <>
          <AuthMessage text={PHASE_MESSAGE[phase]} />
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
          <SubmitButton pending={form.formState.isSubmitting}>Reset Password</SubmitButton>
        </Form>
      )}
    </AuthCard>
  );
}
