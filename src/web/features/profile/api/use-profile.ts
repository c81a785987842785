import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProfileResponse } from '../../../../contract/ledger';
import { ledgerPaths, ledgerQueryKeys } from '../../../../contract/constants/ledger';
import { apiRequest, pathWith } from '../../../lib/api-client';

/** GET /api/v1/shareholders/:id */
export function fetchProfile(holderId: string, signal?: AbortSignal) {
  return apiRequest<ProfileResponse>(pathWith(ledgerPaths.shareholder, { id: holderId }), {
    signal,
  });
}

export const profileQueryOptions = (holderId: string) =>
  queryOptions({
    queryKey: [...ledgerQueryKeys.profile, holderId],
    queryFn: ({ signal }) => fetchProfile(holderId, signal),
  });

export function useProfile(holderId: string) {
  return useQuery(profileQueryOptions(holderId));
}
