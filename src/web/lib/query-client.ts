import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/**
 * Retries once only what is not an ApiError (a bug-like failure that may pass). An ApiError is a
 * definite outcome: a server answer, a dropped connection, or the spec's 30 s timeout, and a
 * retry would hold the error panel back by another 30 s.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return !(error instanceof ApiError) && failureCount < 1;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 10_000 },
    },
  });
}

export const queryClient = createQueryClient();
