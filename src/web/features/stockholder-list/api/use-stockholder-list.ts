import { useQuery } from '@tanstack/react-query';
import type { StockholderListResponse } from '../../../../contract/cap-table';
import { capTablePaths, capTableQueryKeys } from '../../../../contract/constants/cap-table';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/v1/stockholder-list?asOf=: the holders of record on the date, by class. */
export function useStockholderList(asOf: string | undefined) {
  return useQuery({
    queryKey: [...capTableQueryKeys.stockholderList, asOf ?? null],
    queryFn: ({ signal }) =>
      apiRequest<StockholderListResponse>(capTablePaths.stockholderList, {
        query: { asOf },
        signal,
      }),
    // Balances change with every posting: read again each time the page is shown.
    staleTime: 0,
  });
}
