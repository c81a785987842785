import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import Form from 'react-bootstrap/Form';
import { ownPasswordForm, type ChangePasswordForm } from '../../contract/auth';
import { authMessages } from '../../contract/constants/auth';
import { ApiError } from '../lib/api-client';
import { formResolver } from '../components/form/form-resolver';
import { SubmitButton } from '../components/form/submit-button';
import { changePassword, useAccount } from '../features/auth/api/change-password';
import { endSession } from '../features/auth/api/use-logout';
import { useSession } from '../features/auth/api/use-session';
import { AuthCard } from '../features/auth/auth-card';
import { AuthMessage } from '../features/auth/auth-message';
import { CurrentPasswordField, EmailField } from '../features/auth/auth-fields';
import { NewPasswordFields } from '../features/auth/new-password-fields';

/** The spec's delay before the update-password screen goes to /login (section 9). */
export const REDIRECT_AFTER_CHANGE_MS = 3000;

const LABELS = {
  email: 'E-mail',
  current: 'Current password',
  password: 'New password',
  confirmation: 'Confirm password',
};

/** What a refusal tells the user: the server's own words for a 4xx, the spec's texts otherwise. */
function refusalText(err: unknown): string {
  if (err instanceof ApiError && err.status >= 400 && err.status < 500 && !/^HTTP_/.test(err.code))
    return err.message;
  if (err instanceof ApiError && err.status > 0) return authMessages.updateFailed;
  return authMessages.updateError;
}

/**
 * Once `done`, /login after the spec's delay, when the sign-out has finished. The page stays
 * (with its message) until that full load, which starts signed out: clearing the session query
 * now would let the guard leave for /login at once.
 */
function useLoginAfterChange(done: boolean, signedOut: { current: Promise<void> }) {
  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => {
      void signedOut.current.then(() => window.location.assign('/login'));
    }, REDIRECT_AFTER_CHANGE_MS);
    return () => window.clearTimeout(timer);
  }, [done]);
}

/**
 * /password: Change Password (e-mail, current password when there is one, new, confirmation).
 * After a change the user is signed out and lands on /login 3 s later (docs/decisions/011).
 */
export default function PasswordPage() {
  const { user, status } = useSession();
  const account = useAccount();
  const ownEmail = user?.email ?? '';
  const resolver = useMemo(() => formResolver(ownPasswordForm(ownEmail), LABELS), [ownEmail]);
  const form = useForm<ChangePasswordForm>({
    resolver,
    defaultValues: { email: user?.email ?? '', current: '', password: '', confirmation: '' },
  });
  const { errors } = form.formState;
  const [serverError, setServerError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  // One message at the top, the first problem in the order of the fields (spec section 8).
  const error =
    errors.email?.message ?? errors.password?.message ?? errors.current?.message ?? serverError;
  const signedOut = useRef<Promise<void>>(Promise.resolve());
  const hasPassword = account.data?.hasPassword ?? true;
  useLoginAfterChange(done, signedOut);

  const onValid = async ({ email, current, password }: ChangePasswordForm) => {
    setServerError(null);
    try {
      await changePassword({
        email,
        newPassword: password,
        ...(hasPassword ? { currentPassword: current } : {}),
      });
      signedOut.current = endSession(status);
      setDone(true);
    } catch (err) {
      setServerError(refusalText(err));
    }
  };

  if (done)
    return (
      <AuthCard title="Change Password">
        <AuthMessage ok text={authMessages.updateSuccess} />
      </AuthCard>
    );
  return (
    <AuthCard title="Change Password">
      <Form onSubmit={(e) => void form.handleSubmit(onValid)(e)} noValidate>
        <AuthMessage text={error} />
        <EmailField
          id="password-email"
          autoComplete="username"
          invalid={Boolean(errors.email)}
          {...form.register('email')}
        />
        {hasPassword && (
          <CurrentPasswordField
            id="password-current"
            label="Current password"
            {...form.register('current')}
          />
        )}
        <NewPasswordFields
          idPrefix="password"
          password={form.register('password')}
          confirmation={form.register('confirmation')}
          invalid={Boolean(errors.password)}
        />
        <SubmitButton pending={form.formState.isSubmitting}>Change Password</SubmitButton>
      </Form>
    </AuthCard>
  );
}
