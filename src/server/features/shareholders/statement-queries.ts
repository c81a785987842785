import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { rows } from '../../db/sql';
import type { TransactionSqlRow } from '../../ledger-store/history-line';

export interface HistorySqlRow extends TransactionSqlRow {
  certificate_id: string;
  number: number;
  prefix: string;
  class_type: 'common' | 'preferred';
  certificate_cost: string;
  counterparty: string | null;
}

export interface CompanyRow {
  legal_name: string;
  address: string;
  city: string;
  state: string;
  zip_code: string;
  country: string;
}

export async function companyOf(db: Db, organizationId: string): Promise<CompanyRow | undefined> {
  const [company] = await rows<CompanyRow>(
    db,
    sql`select legal_name, address, city, state, zip_code, country
          from organization where id = ${organizationId}`,
  );
  return company;
}

/**
 * The holder's transactions dated on or before `asOf`, in the ledger's order (date, then
 * transaction order), each with its certificate and origin labels and its counterparty: who the
 * shares came from (Transfer In) or went to (Transfer Out), kept on the transaction when it was
 * written (ledger counterpartiesOf).
 */
export const historyOf = (db: Db, holderId: string, asOf: string): Promise<HistorySqlRow[]> =>
  rows<HistorySqlRow>(
    db,
    sql`select t.id, t.certificate_id, c.number, cls.prefix, cls.class_type,
               c.cost::text as certificate_cost, t.type, t.preferred,
               oc.number as origin_number, ocls.prefix as origin_prefix,
               t.cost::text as cost, t.shares::text as shares, t.date::text as date, t.notes,
               t.reason, t.transaction_order::text as transaction_order,
               cp.name as counterparty
          from certificate c
          join share_transaction t on t.certificate_id = c.id
          join share_class cls on cls.id = c.class_id
          left join certificate oc on oc.id = t.origin_certificate_id
          left join share_class ocls on ocls.id = oc.class_id
          left join shareholder cp on cp.id = t.counterparty_holder_id
         where c.holder_id = ${holderId} and t.date <= ${asOf}
         order by t.date, t.transaction_order`,
  );
