import type { ReactNode } from 'react';
import { ErrorPanel } from './error-panel';
import { LoadingProgress } from './loading-progress';

/** The parts of a TanStack query result this needs (kept loose so it takes any query). */
interface QueryLike<T> {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/** Loading bar until data, an error panel with Retry on failure, else the children with data. */
export function QueryState<T>({
  query,
  what,
  children,
}: {
  query: QueryLike<T>;
  what: string;
  children: (data: T) => ReactNode;
}) {
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.isError)
    return <ErrorPanel what={what} error={query.error} onRetry={() => void query.refetch()} />;
  return <LoadingProgress />;
}
