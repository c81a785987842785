import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DirectoryResponse } from '../../../../contract/ledger';
import {
  directorySortKeys,
  ledgerPaths,
  ledgerQueryKeys,
} from '../../../../contract/constants/ledger';
import { apiRequest } from '../../../lib/api-client';

/** Every directory query starts with this key, so a ledger change can invalidate them all. */

export interface DirectoryParams {
  asOf?: string | undefined;
  search?: string | undefined;
  sort: (typeof directorySortKeys)[number];
  dir: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

/** GET /api/v1/shareholders: one page of the directory with totals, sorted and searched. */
export function fetchDirectory(params: DirectoryParams, signal?: AbortSignal) {
  return apiRequest<DirectoryResponse>(ledgerPaths.shareholders, {
    query: {
      asOf: params.asOf,
      search: params.search,
      sort: params.sort,
      dir: params.dir,
      page: params.page,
      pageSize: params.pageSize,
    },
    signal,
  });
}

export const directoryQueryOptions = (params: DirectoryParams) =>
  queryOptions({
    queryKey: [...ledgerQueryKeys.directory, params],
    queryFn: ({ signal }) => fetchDirectory(params, signal),
    // Keep the current page on screen while the next sort, search or page loads.
    placeholderData: keepPreviousData,
  });

export function useDirectory(params: DirectoryParams) {
  return useQuery(directoryQueryOptions(params));
}
