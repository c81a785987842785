import { useSearchParams } from 'react-router';

/**
 * The address's query parameters, and a change to some of them in place (no new history entry,
 * so Back leaves the page); null or '' removes one.
 */
export function useAddressParams() {
  const [params, setParams] = useSearchParams();
  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [k, v] of Object.entries(changes)) {
          if (v === null || v === '') next.delete(k);
          else next.set(k, v);
        }
        return next;
      },
      { replace: true },
    );
  return [params, update] as const;
}
