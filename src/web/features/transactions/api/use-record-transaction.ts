import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RecordTransactionBody, RecordTransactionResponse } from '../../../../contract/ledger';
import {
  idempotencyHeader,
  ledgerPaths,
  ledgerQueryKeys,
} from '../../../../contract/constants/ledger';
import { apiRequest } from '../../../lib/api-client';

export interface RecordTransactionInput {
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

/** A recorded transaction changes balances everywhere: directory, statements, certificates. */
export function useRecordTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordTransaction,
    onSuccess: async () => {
      await Promise.all(
        [
          ledgerQueryKeys.directory,
          ledgerQueryKeys.statement,
          ledgerQueryKeys.certificates,
          ledgerQueryKeys.holderOptions,
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    },
  });
}
