import { z } from 'zod';
import { directoryQuery } from '../../../contract/ledger';
import { useAddressParams } from '../../lib/use-address-params';

export const PAGE_SIZES = [25, 50, 100, 200] as const;

const { sort, dir, page, search, pageSize } = directoryQuery.shape;

/**
 * The directory's view in the address (?sort=&dir=&q=&page=&size=), read with the API's own
 * schema (contract/ledger.ts); a value it refuses falls back to the default. The address has its
 * own page sizes, the first when none is named.
 */
export const directoryAddress = z.object({
  sort: sort.catch('name'),
  dir: dir.catch('asc'),
  page: page.catch(1),
  q: search.catch(undefined),
  size: pageSize
    .unwrap()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n))
    .catch(PAGE_SIZES[0]),
});

/** The view the address names, and a change to it in place (see useAddressParams). */
export function useDirectoryAddress() {
  const [params, update] = useAddressParams();
  const view = directoryAddress.parse(Object.fromEntries(params));
  return [view, update] as const;
}
