import type { UserInfo } from '../../../contract/user-info';

export type SessionStatus = 'loading' | 'signed-out' | 'signed-in';

/**
 * The signed-in user (POST /api/v1/userInfo), shared by every screen.
 * Placeholder until sign-in is built: always signed out.
 */
export function useSession(): { status: SessionStatus; user: UserInfo | null } {
  return { status: 'signed-out', user: null };
}
