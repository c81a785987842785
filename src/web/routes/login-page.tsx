import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { authMessages, googleFailureMessage } from '../../contract/constants/auth';
import { ApiError } from '../lib/api-client';
import { SubmitButton } from '../components/form/submit-button';
import { signIn, useProviders } from '../features/auth/api/sign-in';
import { AuthCard } from '../features/auth/auth-card';
import { AuthMessage } from '../features/auth/auth-message';
import { CurrentPasswordField, EmailField } from '../features/auth/auth-fields';
import { signInWithGooglePopup } from '../features/auth/google-popup';
import { nextFromSearch } from '../features/auth/next-page';

/** What a refused Google popup left in the address (?error=), in words. */
const googleRefusal = () => {
  const reason = new URLSearchParams(window.location.search).get('error');
  return reason ? googleFailureMessage(reason, authMessages.googleLoginFailed) : null;
};

// One full load of the page asked for (or Home) reads the new session; refreshing the session
// query here as well would let the route guard navigate first and race that load.
const signedIn = () => window.location.assign(nextFromSearch(window.location.search) ?? '/');

/**
 * /login: e-mail and password, Reset Password, Login with Google (popup). Signing in opens the
 * page the user had asked for (`?next=`, only a page of this app) or Home.
 */
export default function LoginPage() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(googleRefusal);
  // "Login with Google" only where the server offers it.
  const providers = useProviders();

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await signIn(email, password);
      signedIn();
    } catch (err) {
      setError(err instanceof ApiError && err.message ? err.message : authMessages.loginFailed);
      setBusy(false);
    }
  };

  const onGoogle = async () => {
    setError(null);
    try {
      await signInWithGooglePopup();
      signedIn();
    } catch (err) {
      setError(err instanceof Error ? err.message : authMessages.googleLoginFailed);
    }
  };

  return (
    <AuthCard title="Log In">
      <AuthMessage text={error} />
      <Form onSubmit={(e) => void onSubmit(e)}>
        <EmailField
          id="login-email"
          autoComplete="username"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <CurrentPasswordField
          id="login-password"
          label="Password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <div className="d-flex flex-wrap gap-2 align-items-center">
          <SubmitButton pending={busy}>Log In</SubmitButton>
          <a className="btn btn-link" href="/forgot-password">
            Reset Password
          </a>
        </div>
      </Form>
      {providers.data?.google && (
        <>
          <hr />
          <Button variant="outline-dark" className="w-100" onClick={() => void onGoogle()}>
            Login with Google
          </Button>
        </>
      )}
    </AuthCard>
  );
}
