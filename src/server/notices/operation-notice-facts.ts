import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { rows } from '../db/sql';
import { certificateLabel } from '../ledger-store/certificate-label';

/** One transaction of the operation on one of the holder's certificates. */
export interface NoticeLine {
  /** The stored type ('Issued', 'Transferred', ...). */
  type: string;
  /** Signed decimal string: positive when shares came to the holder. */
  shares: string;
  /** The class's name ("Common Stock"). */
  className: string;
  /** The printed number of the certificate the shares are on ("CS-12"). */
  certificate: string;
  /** The certificate the shares came from, for a new certificate made from another. */
  origin: string | null;
  /** The other side of a transfer, by name. */
  counterparty: string | null;
  date: string;
}

/** A holder involved in the operation, with what changed for them and where they stand after. */
export interface NoticeHolder {
  id: string;
  name: string;
  email: string | null;
  notices: boolean;
  lines: NoticeLine[];
  /** Their balances right after the operation (as its audit entry recorded them). */
  after: { common: string; preferred: string };
}

/** What an operation's notices say: the company, the operation and each holder involved. */
export interface OperationNoticeFacts {
  organizationId: string;
  operationId: string;
  company: string;
  /** The restrictive legend the company prints on its certificates ('' when none). */
  legend: string;
  /** The entry form's kind ('New Issue', 'Transfer', ...). */
  operationType: string;
  /** The day it was recorded, in the company's time zone. */
  recordedOn: string;
  reason: string | null;
  requestId: string | null;
  classNames: { common: string; preferred: string };
  holders: NoticeHolder[];
}

interface Row {
  company: string;
  legend: string;
  operation_type: string;
  recorded_on: string;
  reason: string | null;
  request_id: string | null;
  class_names: unknown;
  balances: unknown;
  holders: unknown;
}

interface RawLine {
  holderId: string;
  type: string;
  shares: string;
  preferred: boolean;
  prefix: string;
  number: number;
  originPrefix: string | null;
  originNumber: number | null;
  counterparty: string | null;
  date: string;
}

interface RawHolder {
  id: string;
  name: string;
  email: string | null;
  notices: boolean;
  common: string;
  preferred: string;
  lines: RawLine[];
}

const json = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));

/**
 * Everything an operation's notices say, read after its commit in one statement: the company,
 * the operation, and each holder with a transaction in it (their lines in posting order, and
 * their balances after it from the operation's audit entry, or their current ones when it has
 * none). Undefined when the operation is not the organization's.
 */
export async function loadOperationNoticeFacts(
  db: Db,
  ref: { organizationId: string; operationId: string },
): Promise<OperationNoticeFacts | undefined> {
  const [row] = await rows<Row>(
    db,
    sql`select o.legal_name as company, o.certificate_legend as legend,
               op.type as operation_type, op.reason, op.request_id,
               to_char(op.recorded_at at time zone o.time_zone, 'YYYY-MM-DD') as recorded_on,
               (select json_object_agg(c.class_type, c.name) from share_class c
                 where c.organization_id = o.id) as class_names,
               (select a.after -> 'holders' from audit_entry a
                 where a.operation_id = op.id and a.entity_type = 'ledger_operation'
                   and a.entity_id = op.id::text
                 order by a.id limit 1) as balances,
               (select json_agg(json_build_object(
                         'id', h.id, 'name', coalesce(nullif(h.full_name, ''), h.name),
                         'email', nullif(trim(h.email), ''), 'notices', h.notices,
                         'common', h.common_shares::text, 'preferred', h.preferred_shares::text,
                         'lines', (select json_agg(json_build_object(
                                     'holderId', t.holder_id, 'type', t.type,
                                     'shares', t.shares::text, 'preferred', t.preferred,
                                     'prefix', t.certificate_prefix, 'number', t.certificate_number,
                                     'originPrefix', t.origin_prefix, 'originNumber', t.origin_number,
                                     'counterparty', coalesce(nullif(cp.full_name, ''), cp.name),
                                     'date', t.date) order by t.transaction_order)
                                     from share_transaction t
                                     left join shareholder cp on cp.id = t.counterparty_holder_id
                                    where t.operation_id = op.id and t.holder_id = h.id))
                         order by h.name, h.id)
                  from shareholder h
                 where h.id in (select t.holder_id from share_transaction t
                                 where t.operation_id = op.id)) as holders
          from ledger_operation op
          join organization o on o.id = op.organization_id
         where op.id = ${ref.operationId} and op.organization_id = ${ref.organizationId}`,
  );
  if (!row) return undefined;
  const classNames = {
    common: 'Common',
    preferred: 'Preferred',
    ...json<Record<string, string> | null>(row.class_names),
  };
  const balances = json<Record<string, { common: string; preferred: string }> | null>(row.balances);
  const holders = (json<RawHolder[] | null>(row.holders) ?? []).map((h): NoticeHolder => ({
    id: h.id,
    name: h.name,
    email: h.email,
    notices: h.notices,
    after: balances?.[h.id] ?? { common: h.common, preferred: h.preferred },
    lines: (h.lines ?? []).map((l) => ({
      type: l.type,
      shares: l.shares,
      className: l.preferred ? classNames.preferred : classNames.common,
      certificate: certificateLabel(l.prefix, l.number),
      origin:
        l.originPrefix !== null && l.originNumber !== null
          ? certificateLabel(l.originPrefix, l.originNumber)
          : null,
      counterparty: l.counterparty,
      date: l.date,
    })),
  }));
  return {
    ...ref,
    company: row.company,
    legend: row.legend,
    operationType: row.operation_type,
    recordedOn: row.recorded_on,
    reason: row.reason,
    requestId: row.request_id,
    classNames,
    holders,
  };
}
