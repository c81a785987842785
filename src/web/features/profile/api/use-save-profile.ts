import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { SaveProfileBody, saveProfileResponse } from '../../../../contract/ledger';
import { ledgerPaths, ledgerQueryKeys } from '../../../../contract/constants/ledger';
import { apiRequest, pathWith } from '../../../lib/api-client';

type SaveProfileResponse = z.infer<typeof saveProfileResponse>;

/** PUT /api/v1/shareholders/:id (the spec's Save). Resolves true when the answer says Success. */
export async function saveProfile(body: SaveProfileBody): Promise<boolean> {
  const answer = await apiRequest<SaveProfileResponse | undefined>(
    pathWith(ledgerPaths.shareholder, { id: body.ShareholderId }),
    { method: 'PUT', body },
  );
  // The spec's success test: the answer says Shareholders: "Success".
  return answer?.Shareholders === 'Success';
}

/** Saving changes the profile, and names shown in the directory and statements. */
export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProfile,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ledgerQueryKeys.profile }),
        queryClient.invalidateQueries({ queryKey: ledgerQueryKeys.directory }),
        queryClient.invalidateQueries({ queryKey: ledgerQueryKeys.statement }),
        queryClient.invalidateQueries({ queryKey: ledgerQueryKeys.holderOptions }),
      ]);
    },
  });
}
