import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ApiKeysResponse,
  CreateApiKeyBody,
  CreatedApiKey,
} from '../../../../contract/api-keys';
import { apiKeyPaths, apiKeysQueryKey } from '../../../../contract/constants/api-keys';
import { apiRequest, pathWith } from '../../../lib/api-client';

/** GET /api/v1/api-keys: the organization's keys (never the secrets). */
export const useApiKeys = () =>
  useQuery({
    queryKey: apiKeysQueryKey,
    queryFn: ({ signal }) => apiRequest<ApiKeysResponse>(apiKeyPaths.keys, { signal }),
  });

/** POST /api/v1/api-keys: the answer holds the key, shown once. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiKeyBody) =>
      apiRequest<CreatedApiKey>(apiKeyPaths.keys, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}

/** DELETE /api/v1/api-keys/:id: refused from its next request. */
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<{ revoked: true }>(pathWith(apiKeyPaths.key, { id }), { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}
