import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  correctionPaths,
  correctionQueryKeys,
  type CompanySettings,
  type CompanySettingsBody,
} from '../../../../contract/corrections';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/v1/company/settings. */
export const useCompanySettings = (enabled = true) =>
  useQuery({
    queryKey: correctionQueryKeys.companySettings,
    queryFn: ({ signal }) =>
      apiRequest<CompanySettings>(correctionPaths.companySettings, { signal }),
    enabled,
  });

/** PUT /api/v1/company/settings (administrators). */
export function useSaveCompanySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CompanySettingsBody) =>
      apiRequest<CompanySettings>(correctionPaths.companySettings, { method: 'PUT', body }),
    onSuccess: (saved) => queryClient.setQueryData(correctionQueryKeys.companySettings, saved),
  });
}
