import { z } from 'zod';
import { companyLedgerQuery, type CompanyLedgerParams } from '../../../contract/company-ledger';
import { useAddressParams } from '../../lib/use-address-params';

export const LEDGER_PAGE_SIZES = [50, 100, 200] as const;

const q = companyLedgerQuery.shape;

/**
 * The ledger's view in the address (?from=&to=&type=&holderId=&certificateId=&sort=&dir=&page=
 * &size=), read with the API's own schema (contract/company-ledger.ts); a value it refuses falls
 * back to the default, so a mistyped address still shows a ledger.
 */
export const ledgerAddress = z.object({
  from: q.from.catch(undefined),
  to: q.to.catch(undefined),
  type: q.type.catch(undefined),
  holderId: q.holderId.catch(undefined),
  certificateId: q.certificateId.catch(undefined),
  sort: q.sort.catch('date'),
  dir: q.dir.catch('desc'),
  page: q.page.catch(1),
  size: q.pageSize
    .unwrap()
    .refine((n) => (LEDGER_PAGE_SIZES as readonly number[]).includes(n))
    .catch(LEDGER_PAGE_SIZES[0]),
});

export type LedgerView = z.output<typeof ledgerAddress>;

/** The request the view asks for. */
export const ledgerRequest = ({ size, ...view }: LedgerView): CompanyLedgerParams => ({
  ...view,
  pageSize: size,
});

/** The view the address names, and a change to it in place (see useAddressParams). */
export function useLedgerAddress() {
  const [params, update] = useAddressParams();
  const view = ledgerAddress.parse(Object.fromEntries(params));
  return [view, update] as const;
}
