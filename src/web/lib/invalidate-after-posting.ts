import type { QueryClient } from '@tanstack/react-query';
import { capTableQueryKeys } from '../../contract/constants/cap-table';
import { ledgerQueryKeys } from '../../contract/constants/ledger';

/**
 * What a posting (a recorded transaction or a reversal) changes: balances in the directory,
 * statements, certificates and their register, the pickers, the company ledger, the audit trail
 * and its chain, the cap table and the stockholder list.
 */
const postingQueryKeys = [
  ledgerQueryKeys.directory,
  ledgerQueryKeys.statement,
  ledgerQueryKeys.certificates,
  ledgerQueryKeys.holderOptions,
  ledgerQueryKeys.companyLedger,
  ledgerQueryKeys.audit,
  ledgerQueryKeys.auditChain,
  capTableQueryKeys.capTable,
  capTableQueryKeys.stockholderList,
] as const;

/** Marks every query a posting changes as stale; the ones on screen are read again. */
export async function invalidateAfterPosting(queryClient: QueryClient): Promise<void> {
  await Promise.all(
    postingQueryKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}
