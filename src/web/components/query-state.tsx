import { useEffect, useState, type ReactNode } from 'react';
import { ErrorPanel } from './error-panel';
import { LoadingProgress } from './loading-progress';

/** How long the full bar stays before the screen replaces it (spec: "cap 90 percent, then complete"). */
export const COMPLETE_HOLD_MS = 200;

/** The parts of a TanStack query result this needs (kept loose so it takes any query). */
interface QueryLike<T> {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/**
 * 'loading' while the bar creeps, 'complete' for a moment once the data is in (the bar at
 * 100 %), then 'shown'. Data that is already there on the first render is shown at once.
 */
export function useLoadingPhase(loaded: boolean): 'loading' | 'complete' | 'shown' {
  const [barShown, setBarShown] = useState(!loaded);
  useEffect(() => {
    if (!loaded) {
      setBarShown(true);
      return;
    }
    const timer = window.setTimeout(() => setBarShown(false), COMPLETE_HOLD_MS);
    return () => window.clearTimeout(timer);
  }, [loaded]);
  if (!loaded) return 'loading';
  return barShown ? 'complete' : 'shown';
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
  const phase = useLoadingPhase(query.data !== undefined);
  if (phase === 'shown' && query.data !== undefined) return <>{children(query.data)}</>;
  if (phase === 'complete') return <LoadingProgress complete />;
  if (query.isError)
    return <ErrorPanel what={what} error={query.error} onRetry={() => void query.refetch()} />;
  return <LoadingProgress />;
}
