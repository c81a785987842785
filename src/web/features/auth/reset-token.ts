import { webRoutes } from '../../../contract/web-routes';

let captured: string | null = null;

/**
 * Takes the reset token out of the address bar, keeping it in memory (RST-07). main.tsx calls
 * this before the first render, so no request the app makes, the session check included, is
 * sent while the token is in the address; the reset page calls it again in case it was not.
 */
export function captureResetToken(): string | null {
  const { pathname, search } = window.location;
  if (pathname !== webRoutes.resetPassword) return captured;
  const token = new URLSearchParams(search).get('token');
  if (token !== null) {
    captured = token;
    window.history.replaceState(window.history.state, '', webRoutes.resetPassword);
  }
  return captured;
}
