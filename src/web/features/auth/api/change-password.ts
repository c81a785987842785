import { useQuery } from '@tanstack/react-query';
import { authPaths } from '../../../../contract/constants/auth';
import { apiRequest } from '../../../lib/api-client';

/** GET /auth/account: whether the signed-in login has a password (else it sets a first one). */
export const useAccount = () =>
  useQuery({
    queryKey: ['session', 'account'],
    queryFn: () => apiRequest<{ hasPassword: boolean }>(authPaths.account),
  });

/** POST /auth/set-password: the current password goes along when the login has one. */
export const changePassword = (body: {
  email: string;
  newPassword: string;
  currentPassword?: string;
}) => apiRequest(authPaths.setPassword, { method: 'POST', body });
