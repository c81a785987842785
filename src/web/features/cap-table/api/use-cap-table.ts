import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CapTableResponse } from '../../../../contract/cap-table';
import { capTablePaths, capTableQueryKeys } from '../../../../contract/constants/cap-table';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/v1/cap-table?asOf=: classes, top holders and all others on the date. */
export function useCapTable(asOf: string | undefined) {
  return useQuery({
    queryKey: [...capTableQueryKeys.capTable, asOf ?? null],
    queryFn: ({ signal }) =>
      apiRequest<CapTableResponse>(capTablePaths.capTable, { query: { asOf }, signal }),
    // Balances change with every posting: read again each time the page is shown.
    staleTime: 0,
    // The figures of the last date stay on screen while another date loads.
    placeholderData: keepPreviousData,
  });
}
