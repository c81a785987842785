import { useQuery } from '@tanstack/react-query';
import type { Providers, TokenPair } from '../../../../contract/auth';
import { authPaths } from '../../../../contract/constants/auth';
import { apiRequest } from '../../../lib/api-client';

/** POST /auth/login. The session is the HttpOnly cookie this sets; the tokens are for API clients. */
export const signIn = (email: string, password: string) =>
  apiRequest<TokenPair>(authPaths.login, {
    method: 'POST',
    body: { username: email, password },
  });

/** GET /auth/providers: which sign-in methods this server offers ("Login with Google" or not). */
export const useProviders = () =>
  useQuery({
    queryKey: ['auth', 'providers'],
    queryFn: () => apiRequest<Providers>(authPaths.providers),
    staleTime: Infinity,
  });
