import { z } from 'zod';
import { certificateRegisterQuery } from '../../../contract/certificates';
import { useAddressParams } from '../../lib/use-address-params';

export const REGISTER_PAGE_SIZES = [25, 50, 100, 200] as const;

const { holderId, status, sort, dir, page, pageSize } = certificateRegisterQuery.shape;

/**
 * The register's view in the address (?holder=&class=&status=&sort=&dir=&page=&size=), read with
 * the API's own schema; a value it refuses falls back to the default (no filter).
 */
export const registerAddress = z.object({
  holder: holderId.catch(undefined),
  class: certificateRegisterQuery.shape.class.catch(undefined),
  status: status.catch(undefined),
  sort: sort.catch('number'),
  dir: dir.catch('asc'),
  page: page.catch(1),
  size: pageSize
    .unwrap()
    .refine((n) => (REGISTER_PAGE_SIZES as readonly number[]).includes(n))
    .catch(REGISTER_PAGE_SIZES[0]),
});

export type RegisterView = z.output<typeof registerAddress>;

/** The view the address names, and a change to it in place. */
export function useRegisterAddress() {
  const [params, update] = useAddressParams();
  const view = registerAddress.parse(Object.fromEntries(params));
  return [view, update] as const;
}
