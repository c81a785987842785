import { useMutation, useQueryClient } from '@tanstack/react-query';
import { correctionPaths, type ReverseOperationBody } from '../../../../contract/corrections';
import type { RecordTransactionResponse } from '../../../../contract/ledger';
import { idempotencyHeader } from '../../../../contract/constants/ledger';
import { invalidateAfterPosting } from '../../../lib/invalidate-after-posting';
import { apiRequest, pathWith } from '../../../lib/api-client';

interface ReverseInput {
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

/** A reversal changes balances as any posting does (invalidateAfterPosting). */
export function useReverseOperation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reverseOperation,
    onSuccess: () => invalidateAfterPosting(queryClient),
  });
}
