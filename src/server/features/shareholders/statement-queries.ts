import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { rows } from '../../db/sql';
import type { TransactionSqlRow } from '../../ledger-store/history-line';
import { operationFactsColumns, operationFactsJoin } from '../../ledger-store/operation-facts-sql';
import { holderRunningBalance } from '../../ledger-store/running-balance-sql';

export interface HistorySqlRow extends TransactionSqlRow {
  certificate_id: string;
  /** The holder's running balance after this transaction (ledger-store/running-balance-sql). */
  running_balance: string;
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

export const companySql = (organizationId: string): SQL =>
  sql`select legal_name, address, city, state, zip_code, country
        from organization where id = ${organizationId}`;

export async function companyOf(db: Db, organizationId: string): Promise<CompanyRow | undefined> {
  const [company] = await rows<CompanyRow>(db, companySql(organizationId));
  return company;
}

/**
 * The holder's transactions dated on or before `asOf`, in the ledger's order (date, then
 * transaction order), each with its certificate and origin labels and its counterparty: who the
 * shares came from (Transfer In) or went to (Transfer Out). The labels and the counterparty were
 * kept on the transaction when it was written (decision 087, ledger counterpartiesOf), so the
 * history is one range of share_transaction_holder_idx (the running balance's window follows the
 * same order, so it needs no sort of its own). The class is read from the preferred
 * flag, which is the certificate's (ledger_invariants checks it). The counterparty's name is
 * today's, looked up per line by a subquery, never hashed: as a join, PostgreSQL priced a
 * thousand index lookups above reading every holder, and did that (58 ms; decision 087).
 */
export const historySql = (holderId: string, asOf: string): SQL =>
  sql`select t.id, t.certificate_id, t.certificate_number as number,
               t.certificate_prefix as prefix,
               case when t.preferred then 'preferred' else 'common' end as class_type,
               t.certificate_cost::text as certificate_cost, t.type, t.preferred, t.origin_number,
               t.origin_prefix, t.cost::text as cost, t.shares::text as shares,
               t.date::text as date, t.notes, t.reason,
               t.transaction_order::text as transaction_order,
               ${holderRunningBalance(sql`t`)}::text as running_balance,
               (select name from shareholder where id = t.counterparty_holder_id) as counterparty,
               ${operationFactsColumns}
          from share_transaction t
          ${operationFactsJoin}
         where t.holder_id = ${holderId} and t.date <= ${asOf}
         order by t.date, t.transaction_order`;

export const historyOf = (db: Db, holderId: string, asOf: string): Promise<HistorySqlRow[]> =>
  rows<HistorySqlRow>(db, historySql(holderId, asOf));
