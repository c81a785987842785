import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileResponse } from '../../../../contract/ledger';
import { ledgerPaths, ledgerQueryKeys } from '../../../../contract/constants/ledger';
import type { NewShareholderBody } from '../../../../contract/shareholders';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/v1/shareholders: the new holder's profile. */
export const addShareholder = (body: NewShareholderBody) =>
  apiRequest<ProfileResponse>(ledgerPaths.shareholders, { method: 'POST', body });

/** A new holder shows in the directory and the pickers. */
export function useAddShareholder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addShareholder,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ledgerQueryKeys.directory }),
        queryClient.invalidateQueries({ queryKey: ledgerQueryKeys.holderOptions }),
      ]);
    },
  });
}
