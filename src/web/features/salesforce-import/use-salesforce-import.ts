import { useMutation } from '@tanstack/react-query';
import type {
  SalesforceImportBody,
  SalesforceImportReport,
} from '../../../contract/salesforce-import';
import { gatewayPaths } from '../../../contract/constants/gateway';
import { apiRequest } from '../../lib/api-client';

/** POST /api/v1/import/salesforce: a dry run, or the import (nothing is written unless clean). */
export const useSalesforceImport = () =>
  useMutation({
    mutationFn: (body: SalesforceImportBody) =>
      apiRequest<SalesforceImportReport>(gatewayPaths.importSalesforce, { method: 'POST', body }),
  });
