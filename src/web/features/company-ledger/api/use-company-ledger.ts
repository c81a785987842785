import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  companyLedgerPath,
  type CompanyLedgerParams,
  type CompanyLedgerResponse,
} from '../../../../contract/company-ledger';
import { ledgerQueryKeys } from '../../../../contract/constants/ledger';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/v1/ledger: one page of the company's transactions, filtered and sorted. */
function fetchCompanyLedger(params: CompanyLedgerParams, signal?: AbortSignal) {
  return apiRequest<CompanyLedgerResponse>(companyLedgerPath, {
    query: { ...params },
    signal,
  });
}

const companyLedgerQueryOptions = (params: CompanyLedgerParams) =>
  queryOptions({
    queryKey: [...ledgerQueryKeys.companyLedger, params],
    queryFn: ({ signal }) => fetchCompanyLedger(params, signal),
    // The current page stays on screen while the next filter, sort or page loads.
    placeholderData: keepPreviousData,
  });

export function useCompanyLedger(params: CompanyLedgerParams) {
  return useQuery(companyLedgerQueryOptions(params));
}
