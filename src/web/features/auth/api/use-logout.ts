import { useQueryClient } from '@tanstack/react-query';
import { authPaths } from '../../../../contract/constants/auth';
import { apiRequest } from '../../../lib/api-client';
import { useSession, type SessionStatus } from './use-session';

/**
 * Ends the session on the server (only when there may be one: the spec's logout with no session
 * does not call the server) and clears session storage. Never fails: leaving must always work.
 */
export async function endSession(status: SessionStatus): Promise<void> {
  // Signed in, or unknown because the check failed: revoking a session that is gone is harmless.
  if (status === 'signed-in' || status === 'error') {
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
}

/**
 * Logs out: revokes the session on the server, clears session storage and user data, and goes
 * to /login even if the call fails.
 */
export function useLogout(): () => Promise<void> {
  const queryClient = useQueryClient();
  const { status } = useSession();
  return async () => {
    await endSession(status);
    queryClient.clear();
    window.location.assign('/login');
  };
}
