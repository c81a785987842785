import { useQueryClient } from '@tanstack/react-query';
import { authPaths } from '../../../contract/auth';
import { apiRequest } from '../../lib/api-client';
import { useSession } from './use-session';

/**
 * Logs out: revokes the session on the server (only when there is one), clears session storage
 * and user data, and goes to /login even if the call fails.
 */
export function useLogout(): () => Promise<void> {
  const queryClient = useQueryClient();
  const { status } = useSession();
  return async () => {
    if (status === 'signed-in') {
      try {
        await apiRequest(authPaths.logout, { method: 'POST', body: {} });
      } catch {
        // Leave anyway: the server ends idle sessions by itself.
      }
    }
    try {
      window.sessionStorage.clear();
    } catch {
      // Storage may be unavailable (privacy mode); nothing to clear then.
    }
    queryClient.clear();
    window.location.assign('/login');
  };
}
