import { useQuery } from '@tanstack/react-query';
import { userInfoPath, type UserInfo } from '../../../contract/user-info';
import { ApiError, apiRequest } from '../../lib/api-client';

export type SessionStatus = 'loading' | 'signed-out' | 'signed-in';

export const sessionQueryKey = ['session', 'userInfo'] as const;

/** POST /api/v1/userInfo; a 401 means signed out (null), anything else is an error. */
export async function fetchUserInfo(): Promise<UserInfo | null> {
  try {
    return await apiRequest<UserInfo>(userInfoPath, { method: 'POST' });
  } catch (e) {
    if (e instanceof ApiError && (e.status === 401 || e.status === 403)) return null;
    throw e;
  }
}

/**
 * The signed-in user (POST /api/v1/userInfo), shared by every screen. The session itself is an
 * HttpOnly cookie: the page never sees a token.
 */
export function useSession(): { status: SessionStatus; user: UserInfo | null } {
  const query = useQuery({
    queryKey: sessionQueryKey,
    queryFn: fetchUserInfo,
    retry: false,
    staleTime: 60_000,
  });
  if (query.isPending) return { status: 'loading', user: null };
  if (query.data) return { status: 'signed-in', user: query.data };
  return { status: 'signed-out', user: null };
}
