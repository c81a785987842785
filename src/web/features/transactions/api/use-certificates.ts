import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { certificatesResponse } from '../../../../contract/ledger';
import { ledgerPaths, ledgerQueryKeys } from '../../../../contract/constants/ledger';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/v1/certificates?holderId=&withBalance=true: the From holder's certificates with shares. */
export function fetchCertificates(holderId: string, signal?: AbortSignal) {
  return apiRequest<z.infer<typeof certificatesResponse>>(ledgerPaths.certificates, {
    query: { holderId, withBalance: 'true' },
    signal,
  });
}

export const certificatesQueryOptions = (holderId: string) =>
  queryOptions({
    queryKey: [...ledgerQueryKeys.certificates, holderId],
    queryFn: ({ signal }) => fetchCertificates(holderId, signal),
  });

export function useCertificates(holderId: string | null) {
  return useQuery({
    ...certificatesQueryOptions(holderId ?? ''),
    enabled: holderId !== null,
  });
}
