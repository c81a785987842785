import { useMutation, useQueryClient } from '@tanstack/react-query';
import { correctionPaths, type ReverseOperationBody } from '../../../../contract/corrections';
import type { RecordTransactionResponse } from '../../../../contract/ledger';
import { idempotencyHeader, ledgerQueryKeys } from '../../../../contract/constants/ledger';
import { apiRequest, pathWith } from '../../../lib/api-client';

export interface ReverseInput {
  operationId: string;
  body: ReverseOperationBody;
  /** One key per dialog: a double click or a retry reverses once. */
  idempotencyKey: string;
}

/** POST /api/v1/operations/:id/reverse with the Idempotency-Key header. */
export function reverseOperation({ operationId, body, idempotencyKey }: ReverseInput) {
  return apiRequest<RecordTransactionResponse>(
    pathWith(correctionPaths.reverseOperation, { id: operationId }),
    { method: 'POST', body, headers: { [idempotencyHeader]: idempotencyKey } },
  );
}

/** A reversal changes balances as any posting does: directory, statements, certificates. */
export function useReverseOperation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reverseOperation,
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
