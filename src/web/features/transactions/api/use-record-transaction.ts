import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RecordTransactionBody, RecordTransactionResponse } from '../../../../contract/ledger';
import { idempotencyHeader, ledgerPaths } from '../../../../contract/constants/ledger';
import { invalidateAfterPosting } from '../../../lib/invalidate-after-posting';
import { apiRequest } from '../../../lib/api-client';

interface RecordTransactionInput {
  body: RecordTransactionBody;
  /** One key per form submission: a double click or a retry with the same key records once. */
  idempotencyKey: string;
}

/** POST /api/v1/transactions with the Idempotency-Key header. */
export function recordTransaction({ body, idempotencyKey }: RecordTransactionInput) {
  return apiRequest<RecordTransactionResponse>(ledgerPaths.transactions, {
    method: 'POST',
    body,
    headers: { [idempotencyHeader]: idempotencyKey },
  });
}

/** A recorded transaction changes balances everywhere (invalidateAfterPosting). */
export function useRecordTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordTransaction,
    onSuccess: () => invalidateAfterPosting(queryClient),
  });
}
