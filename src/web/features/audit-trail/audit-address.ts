import { z } from 'zod';
import { auditQuery } from '../../../contract/audit';
import { useAddressParams } from '../../lib/use-address-params';

/** Entries per page of the audit trail. */
export const AUDIT_PAGE_SIZE = 25;

const q = auditQuery.shape;

/**
 * The audit trail's view in the address (?holderId=&certificateId=&from=&to=&page=), read with
 * the API's own schema; a value it refuses falls back to none.
 */
export const auditAddress = z.object({
  holderId: q.holderId.catch(undefined),
  certificateId: q.certificateId.catch(undefined),
  from: q.from.catch(undefined),
  to: q.to.catch(undefined),
  page: q.page.catch(1),
});

export type AuditView = z.output<typeof auditAddress>;

/** The view the address names, and a change to it in place (see useAddressParams). */
export function useAuditAddress() {
  const [params, update] = useAddressParams();
  const view = auditAddress.parse(Object.fromEntries(params));
  return [view, update] as const;
}
