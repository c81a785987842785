import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AuditChainResponse, auditQuery, auditResponse } from '../../../../contract/audit';
import { ledgerPaths, ledgerQueryKeys } from '../../../../contract/constants/ledger';
import { apiRequest } from '../../../lib/api-client';

export type AuditParams = z.output<typeof auditQuery>;
export type AuditResponse = z.infer<typeof auditResponse>;
export type AuditEntry = AuditResponse['rows'][number];

/** GET /api/v1/audit: one page of the audit trail, newest first. */
const auditQueryOptions = (params: AuditParams) =>
  queryOptions({
    queryKey: [...ledgerQueryKeys.audit, params],
    queryFn: ({ signal }) =>
      apiRequest<AuditResponse>(ledgerPaths.audit, { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
  });

export function useAudit(params: AuditParams) {
  return useQuery(auditQueryOptions(params));
}

/** GET /api/v1/audit/chain: the company's hash chain, recomputed by the server. */
export function useAuditChain() {
  return useQuery({
    queryKey: ledgerQueryKeys.auditChain,
    queryFn: ({ signal }) => apiRequest<AuditChainResponse>(ledgerPaths.auditChain, { signal }),
  });
}
