import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DirectoryResponse } from '../../../../contract/ledger';
import { ledgerPaths, ledgerQueryKeys } from '../../../../contract/constants/ledger';
import { apiRequest } from '../../../lib/api-client';

/** Holders matching a name, for the From / To pickers (the directory endpoint with ?search=). */
export function fetchHolderOptions(search: string, signal?: AbortSignal) {
  return apiRequest<DirectoryResponse>(ledgerPaths.shareholders, {
    query: { search: search.trim() || undefined, sort: 'name', dir: 'asc', pageSize: 50 },
    signal,
  });
}

export const holderOptionsQueryOptions = (search: string) =>
  queryOptions({
    queryKey: [...ledgerQueryKeys.holderOptions, search.trim()],
    queryFn: ({ signal }) => fetchHolderOptions(search, signal),
    placeholderData: keepPreviousData,
  });

export function useHolderOptions(search: string) {
  return useQuery(holderOptionsQueryOptions(search));
}
