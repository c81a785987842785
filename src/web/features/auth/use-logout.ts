/**
 * Logs out: revokes the session on the server, clears session storage and user data, goes to
 * /login even if the call fails. Placeholder until sign-in is built.
 */
export function useLogout(): () => Promise<void> {
  return async () => {
    window.location.assign('/login');
  };
}
