import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileResponse } from '../../../../contract/ledger';
import { ledgerPaths, ledgerQueryKeys } from '../../../../contract/constants/ledger';
import { apiRequest, pathWith } from '../../../lib/api-client';

/** POST /api/v1/shareholders/:id/invite: the profile, its portal now invited. */
export const inviteHolder = (id: string) =>
  apiRequest<ProfileResponse>(pathWith(ledgerPaths.inviteShareholder, { id }), { method: 'POST' });

/** The directory and the profile show who is invited. */
export function useInviteHolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteHolder,
    onSuccess: async () => {
      await Promise.all(
        [ledgerQueryKeys.profile, ledgerQueryKeys.directory].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
}
