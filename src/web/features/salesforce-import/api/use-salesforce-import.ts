import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  SalesforceImportBody,
  SalesforceImportReport,
  SalesforceImportStatus,
} from '../../../../contract/salesforce-import';
import { gatewayPaths } from '../../../../contract/constants/gateway';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/v1/import/salesforce: whether an org is connected to import from. */
export const useSalesforceImportStatus = () =>
  useQuery({
    queryKey: ['import', 'salesforce', 'status'],
    queryFn: ({ signal }) =>
      apiRequest<SalesforceImportStatus>(gatewayPaths.importSalesforce, { signal }),
  });

/** POST /api/v1/import/salesforce: a dry run, or the import (nothing is written unless clean). */
export const useSalesforceImport = () =>
  useMutation({
    mutationFn: (body: SalesforceImportBody) =>
      apiRequest<SalesforceImportReport>(gatewayPaths.importSalesforce, { method: 'POST', body }),
  });
