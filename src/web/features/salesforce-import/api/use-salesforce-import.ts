import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  SalesforceImportBody,
  SalesforceImportReport,
  SalesforceImportStatus,
} from '../../../../contract/salesforce-import';
import { gatewayPaths } from '../../../../contract/constants/gateway';
import { apiRequest } from '../../../lib/api-client';
import { invalidateAfterPosting } from '../../../lib/invalidate-after-posting';

/** GET /api/v1/import/salesforce: whether an org is connected to import from. */
export const useSalesforceImportStatus = () =>
  useQuery({
    queryKey: ['import', 'salesforce', 'status'],
    queryFn: ({ signal }) =>
      apiRequest<SalesforceImportStatus>(gatewayPaths.importSalesforce, { signal }),
  });

/**
 * POST /api/v1/import/salesforce: a dry run, or the import (nothing is written unless clean). An
 * import that was written posts holders and transactions: what a posting changes is read again.
 */
export function useSalesforceImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SalesforceImportBody) =>
      apiRequest<SalesforceImportReport>(gatewayPaths.importSalesforce, { method: 'POST', body }),
    onSuccess: async (report) => {
      if (report.imported) await invalidateAfterPosting(queryClient);
    },
  });
}
