import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { StatementResponse } from '../../../contract/ledger';
import {
  formatAmount,
  holderFigures,
  isIssuedType,
  isTransactionType,
  todayIn,
  typeLabel,
  type HeldCertificate,
} from '../../../ledger';
import type { Db } from '../../db/database';
import { toHundredths } from '../../ledger-store/amounts';
import { certificateLabel } from '../../ledger-store/certificate-label';
import { rows } from '../../db/sql';
import { findVisibleHolder } from '../../ledger-store/visible-holder';
import type { Principal } from '../../plugins/access-control';

export interface GetStatementOptions {
  holderId: string;
  /** YYYY-MM-DD; today when omitted. Only transactions dated on or before it count. */
  asOf?: string | undefined;
  principal: Principal;
}

interface HistorySqlRow {
  id: string;
  certificate_id: string;
  number: number;
  prefix: string;
  class_type: 'common' | 'preferred';
  certificate_cost: string;
  type: string;
  preferred: boolean;
  origin_number: number | null;
  origin_prefix: string | null;
  cost: string;
  shares: string;
  date: string;
  notes: string;
  reason: string | null;
  counterparty: string | null;
  transaction_order: string;
}

interface CompanyRow {
  legal_name: string;
  address: string;
  city: string;
  state: string;
  zip_code: string;
  country: string;
}

/**
 * The holder's statement as of a date: company header, holder contact, totals and the history
 * (date, then transaction order) with its running balance. Every figure is derived from the
 * transactions dated on or before `asOf`, so a past statement reads exactly as it would have then.
 * Throws SHAREHOLDER.NOT_FOUND for a missing holder and, for a shareholder, for anyone else's id.
 */
export async function getStatement(db: Db, opts: GetStatementOptions): Promise<StatementResponse> {
  const holder = await findVisibleHolder(db, opts.principal, opts.holderId);
  const today = todayIn(opts.principal.timeZone);
  const asOf = opts.asOf ?? today;

  const [company] = await rows<CompanyRow>(
    db,
    sql`select legal_name, address, city, state, zip_code, country
          from organization where id = ${holder.organization_id}`,
  );
  // The counterparty: who the shares came from (Transfer In: the origin's holder) or went to
  // (Transfer Out: the holder of the certificate the same operation issued).
  const history = await rows<HistorySqlRow>(
    db,
    sql`select t.id, t.certificate_id, c.number, cls.prefix, cls.class_type,
               c.cost::text as certificate_cost, t.type, t.preferred,
               oc.number as origin_number, ocls.prefix as origin_prefix,
               t.cost::text as cost, t.shares::text as shares, t.date::text as date, t.notes,
               t.reason, t.transaction_order::text as transaction_order,
               case when t.type = 'Issued: transfer' then oh.name
                    when t.type = 'Transferred' then dest.name end as counterparty
          from certificate c
          join share_transaction t on t.certificate_id = c.id
          join share_class cls on cls.id = c.class_id
          left join certificate oc on oc.id = t.origin_certificate_id
          left join share_class ocls on ocls.id = oc.class_id
          left join shareholder oh on oh.id = oc.holder_id
          left join lateral (
                select h2.name
                  from share_transaction t2
                  join certificate c2 on c2.id = t2.certificate_id
                  join shareholder h2 on h2.id = c2.holder_id
                 where t.type = 'Transferred' and t2.operation_id = t.operation_id
                   and t2.type = 'Issued: transfer'
                 order by t2.transaction_order
                 limit 1) dest on true
         where c.holder_id = ${holder.id} and t.date <= ${asOf}
         order by t.date, t.transaction_order`,
  );

  // One pass in the order SQL returns (date, then transaction order: the ledger's order): the
  // running balance of each class, and each certificate's balance for the totals.
  const certificates = new Map<string, HeldCertificate>();
  const running = { common: 0n, preferred: 0n };
  const lines = history.map((row) => {
    const shares = toHundredths(row.shares);
    running[row.class_type] += shares;
    let held = certificates.get(row.certificate_id);
    if (!held) {
      held = { classType: row.class_type, balance: 0n, cost: toHundredths(row.certificate_cost) };
      certificates.set(row.certificate_id, held);
    }
    held.balance += shares;
    const type = row.type;
    const known = isTransactionType(type);
    return {
      id: row.id,
      certificateId: row.certificate_id,
      certificate: certificateLabel(row.prefix, row.number),
      type,
      typeLabel: known ? typeLabel(type) : type,
      issued: known ? isIssuedType(type) : false,
      preferred: row.preferred,
      origin:
        row.origin_number === null || row.origin_prefix === null
          ? null
          : certificateLabel(row.origin_prefix, row.origin_number),
      cost: formatAmount(toHundredths(row.cost)),
      shares: formatAmount(shares),
      balance: formatAmount(running[row.class_type]),
      date: row.date,
      notes: row.notes,
      reason: row.reason,
      counterparty: row.counterparty,
      transactionOrder: row.transaction_order,
    };
  });
  const figures = holderFigures([...certificates.values()]);
  const lastOrder = history.at(-1)?.transaction_order ?? '0';
  const documentId = createHash('sha256')
    .update(`${holder.id}|${asOf}|${history.length}|${lastOrder}`)
    .digest('hex')
    .slice(0, 16)
    .toUpperCase();

  return {
    company: {
      legalName: company?.legal_name ?? '',
      address: company?.address ?? '',
      city: company?.city ?? '',
      state: company?.state ?? '',
      zipCode: company?.zip_code ?? '',
      country: company?.country ?? '',
    },
    asOf,
    statementDate: today,
    documentId: `ST-${documentId}`,
    holder: {
      id: holder.id,
      name: holder.name,
      fullName: holder.full_name,
      email: holder.email,
      address: holder.address,
      city: holder.city,
      state: holder.state,
      zipCode: holder.zip_code,
      phoneNumber: holder.phone_number,
      cellphoneNumber: holder.cellphone_number,
    },
    totals: {
      common: formatAmount(figures.common),
      preferred: formatAmount(figures.preferred),
      balance: formatAmount(figures.balance),
      costPerShare: formatAmount(figures.costPerShare),
    },
    history: lines,
  };
}
