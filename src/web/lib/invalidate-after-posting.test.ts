import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { capTableQueryKeys } from '../../contract/constants/cap-table';
import { ledgerQueryKeys } from '../../contract/constants/ledger';
import { invalidateAfterPosting } from './invalidate-after-posting';

// The keys as the features' queries spell them (first part from the contract, then parameters).
const changedByPosting = [
  [...ledgerQueryKeys.directory, { page: 1 }],
  [...ledgerQueryKeys.statement, 'holder-1', null],
  [...ledgerQueryKeys.certificates, 'holder-1'],
  [...ledgerQueryKeys.certificates, 'register', { page: 1 }],
  [...ledgerQueryKeys.certificates, 'record', 'certificate-1'],
  [...ledgerQueryKeys.holderOptions, ''],
  [...ledgerQueryKeys.companyLedger, { page: 1 }],
  [...ledgerQueryKeys.audit, { page: 1 }],
  ledgerQueryKeys.auditChain,
  [...capTableQueryKeys.capTable, null],
  [...capTableQueryKeys.stockholderList, '2024-01-31'],
];

const untouched = [
  [...ledgerQueryKeys.profile, 'holder-1'],
  ['session', 'account'],
];

describe('invalidateAfterPosting', () => {
  it('marks every view of balances and of the trail stale, and nothing else', async () => {
    const queryClient = new QueryClient();
    for (const queryKey of [...changedByPosting, ...untouched])
      queryClient.setQueryData(queryKey, { seeded: true });

    await invalidateAfterPosting(queryClient);

    for (const queryKey of changedByPosting)
      expect(queryClient.getQueryState(queryKey)?.isInvalidated, JSON.stringify(queryKey)).toBe(
        true,
      );
    for (const queryKey of untouched)
      expect(queryClient.getQueryState(queryKey)?.isInvalidated, JSON.stringify(queryKey)).toBe(
        false,
      );
  });
});
