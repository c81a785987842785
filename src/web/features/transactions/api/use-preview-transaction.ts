import { useMutation } from '@tanstack/react-query';
import { correctionPaths, type PreviewResponse } from '../../../../contract/corrections';
import type { RecordTransactionBody } from '../../../../contract/ledger';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/v1/transactions/preview: what recording the body would do; nothing is written. */
export function previewTransaction(body: RecordTransactionBody) {
  return apiRequest<PreviewResponse>(correctionPaths.previewTransaction, { method: 'POST', body });
}

/** The review step's dry run. */
export function usePreviewTransaction() {
  return useMutation({ mutationFn: previewTransaction });
}
