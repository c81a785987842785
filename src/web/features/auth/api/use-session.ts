import { useQuery } from '@tanstack/react-query';
import type { UserInfo } from '../../../../contract/user-info';
import { userInfoPath } from '../../../../contract/constants/auth';
import { ApiError, apiRequest } from '../../../lib/api-client';

/** 'error': the sign-in state could not be read (server error, no network, timeout). */
export type SessionStatus = 'loading' | 'signed-out' | 'signed-in' | 'error';

export const sessionQueryKey = ['session', 'userInfo'] as const;

/**
 * POST /api/v1/userInfo; a 401 or 403 means signed out (null), anything else is an error. A
 * cross-site refusal (AUTH.CSRF: the page was opened at another address than PUBLIC_URL) is an
 * error too, so that the page shows the server's words instead of an empty login form.
 */
export async function fetchUserInfo(): Promise<UserInfo | null> {
  try {
    return await apiRequest<UserInfo>(userInfoPath, { method: 'POST' });
  } catch (e) {
    if (e instanceof ApiError && e.code !== 'AUTH.CSRF' && (e.status === 401 || e.status === 403))
      return null;
    throw e;
  }
}

export interface Session {
  status: SessionStatus;
  user: UserInfo | null;
  /** Why the sign-in state could not be read (status 'error'). */
  error: unknown;
  /** Asks the server again (the error panel's Retry). */
  retry: () => void;
}

/**
 * The signed-in user (POST /api/v1/userInfo), shared by every screen. The session itself is an
 * HttpOnly cookie: the page never sees a token. A failure other than 401/403 is not "signed
 * out": the guards show it with a Retry instead of sending the user to /login.
 */
export function useSession(): Session {
  const query = useQuery({
    queryKey: sessionQueryKey,
    queryFn: fetchUserInfo,
    retry: false,
    // The layout mounts the page's guard when the check fails: that must not ask again on its
    // own (a second 30 s wait after a timeout); Retry does.
    retryOnMount: false,
    staleTime: 60_000,
  });
  const retry = () => void query.refetch();
  if (query.data) return { status: 'signed-in', user: query.data, error: null, retry };
  if (query.isError) return { status: 'error', user: null, error: query.error, retry };
  if (query.isPending) return { status: 'loading', user: null, error: null, retry };
  return { status: 'signed-out', user: null, error: null, retry };
}
