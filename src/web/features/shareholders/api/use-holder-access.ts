import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileResponse } from '../../../../contract/ledger';
import { ledgerPaths, ledgerQueryKeys } from '../../../../contract/constants/ledger';
import type { HolderAccess } from '../../../../contract/shareholders';
import { apiRequest, pathWith } from '../../../lib/api-client';

type Settable = Exclude<HolderAccess, 'administrator'>;

/** PUT /api/v1/shareholders/:id/access: the holder's profile after it. */
export const setHolderAccess = ({ id, access }: { id: string; access: Settable }) =>
  apiRequest<ProfileResponse>(pathWith(ledgerPaths.shareholderAccess, { id }), {
    method: 'PUT',
    body: { access },
  });

export function useHolderAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setHolderAccess,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ledgerQueryKeys.profile });
    },
  });
}
