import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileResponse } from '../../../../contract/ledger';
import { ledgerPaths, ledgerQueryKeys } from '../../../../contract/constants/ledger';
import { apiRequest, pathWith } from '../../../lib/api-client';

/** POST /api/v1/shareholders/:id/deactivate or /reactivate: the holder's profile after it. */
export const setHolderActive = ({ id, active }: { id: string; active: boolean }) =>
  apiRequest<ProfileResponse>(
    pathWith(active ? ledgerPaths.reactivateShareholder : ledgerPaths.deactivateShareholder, {
      id,
    }),
    { method: 'POST' },
  );

/** The holder leaves (or rejoins) the directory and the pickers. */
export function useHolderActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setHolderActive,
    onSuccess: async () => {
      await Promise.all(
        [ledgerQueryKeys.profile, ledgerQueryKeys.directory, ledgerQueryKeys.holderOptions].map(
          (queryKey) => queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
}
