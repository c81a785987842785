import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { useLogout } from '../features/auth/api/use-logout';
import { usePageTitle } from '../features/auth/use-page-title';
import { useSession } from '../features/auth/api/use-session';

/** /noaccount: the signed-in e-mail matches no active shareholder. */
export default function NoAccountPage() {
  usePageTitle('No Shareholder Account');
  const { user } = useSession();
  const logout = useLogout();
  return (
    <section aria-labelledby="page-title" className="mx-auto" style={{ maxWidth: 640 }}>
      <h1 id="page-title" className="h3 mb-3" tabIndex={-1}>
        No Shareholder Account
      </h1>
      <Alert variant="warning" role="status">
        You are signed in as <strong>{user?.email ?? 'an unknown e-mail'}</strong>, but no active
        shareholder record matches this e-mail address.
      </Alert>
      <p>
        If you hold shares, ask the company&apos;s share registry administrator to add this e-mail
        address to your shareholder record, or sign in with the e-mail address they have on file.
      </p>
      <Button variant="outline-secondary" onClick={() => void logout()}>
        Log out
      </Button>
    </section>
  );
}
