import { useEffect } from 'react';
import { LoadingMessage } from '../components/loading-message';
import { fetchUserInfo } from '../features/auth/api/use-session';

/**
 * /auth/callback: where the redirect flow of Google sign-in returns. The session is already in
 * its cookie (no token in the URL): load the user and go to /, or to /login on failure.
 */
export default function AuthCallbackPage() {
  useEffect(() => {
    const query = new URLSearchParams(window.location.search);
    if (query.get('outcome') === 'error') {
      // The server's reason travels on, so that the login page can say what went wrong.
      const reason = query.get('error') ?? 'google';
      window.location.replace(`/login?error=${encodeURIComponent(reason)}`);
      return;
    }
    fetchUserInfo()
      .then((user) => window.location.replace(user ? '/' : '/login?error=google'))
      .catch(() => window.location.replace('/login?error=google'));
  }, []);
  return <LoadingMessage />;
}
