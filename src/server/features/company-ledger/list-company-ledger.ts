import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  CompanyLedgerResponse,
  CompanyLedgerRow,
  CompanyLedgerSortKey,
  companyLedgerQuery,
} from '../../../contract/company-ledger';
import { isIssuedType, isTransactionType, typeLabel } from '../../../ledger';
import type { Db } from '../../db/database';
import { rows } from '../../db/sql';
import { pageOrLast } from '../../db/page-or-last';
import { AppError } from '../../http/app-error';
import { amountText } from '../../ledger-store/amounts';
import { certificateLabel, originLabel } from '../../ledger-store/certificate-label';
import {
  operationFactsColumns,
  operationFactsJoin,
  type OperationFactsSql,
} from '../../ledger-store/operation-facts-sql';

type Query = z.output<typeof companyLedgerQuery>;

interface LedgerSqlRow extends OperationFactsSql {
  id: string;
  transaction_order: string;
  date: string;
  type: string;
  preferred: boolean;
  holder_id: string;
  holder_name: string;
  certificate_id: string;
  certificate_number: number;
  certificate_prefix: string;
  origin_certificate_id: string | null;
  origin_number: number | null;
  origin_prefix: string | null;
  shares: string;
  cost: string;
  notes: string;
  reason: string | null;
  counterparty_holder_id: string | null;
  counterparty: string | null;
}

/**
 * What each sort orders by; the ledger's posting order breaks ties in the same direction, so a
 * page is the same on every request. Names sort in the language's order, as the directory's.
 */
const sortKeys = (holderName: SQL): Record<CompanyLedgerSortKey, SQL[]> => ({
  date: [sql`t.date`],
  shares: [sql`t.shares`],
  holder: [sql`${holderName} collate "und-x-icu"`],
  certificate: [sql`t.certificate_prefix`, sql`t.certificate_number`],
});

/** The ORDER BY of the query's sort, `holderName` naming the holder's name where it is read. */
function orderBy(q: Query, holderName: SQL): SQL {
  const dir = q.dir === 'asc' ? sql`asc` : sql`desc`;
  return sql.join(
    [...sortKeys(holderName)[q.sort], sql`t.transaction_order`].map((key) => sql`${key} ${dir}`),
    sql`, `,
  );
}

/**
 * The organization's transactions matching the filters. share_transaction carries no
 * organization: its holder's row (shareholder) does, and names it, so every row is reached
 * through a holder of the caller's organization and no other company's row can be seen. A holder
 * filter reads share_transaction_holder_idx, a certificate filter share_transaction_certificate_idx.
 */
function matching(organizationId: string, q: Query): SQL {
  const conditions = [sql`h.organization_id = ${organizationId}`];
  if (q.holderId) conditions.push(sql`t.holder_id = ${q.holderId}`);
  if (q.certificateId) conditions.push(sql`t.certificate_id = ${q.certificateId}`);
  if (q.type) conditions.push(sql`t.type = ${q.type}`);
  if (q.from) conditions.push(sql`t.date >= ${q.from}`);
  if (q.to) conditions.push(sql`t.date <= ${q.to}`);
  return sql`from share_transaction t join shareholder h on h.id = t.holder_id
            where ${sql.join(conditions, sql` and `)}`;
}

/**
 * One page: the ids are chosen first, from the transaction and its holder alone (sorted, limited),
 * and only the page's rows are joined to their operation, the operation that reversed it, and
 * their counterparty's name (looked up per row, as the statement does: decision 087).
 */
function pageSql(organizationId: string, q: Query, page: number): SQL {
  return sql`
    select t.id, t.transaction_order::text as transaction_order, t.date::text as date, t.type,
           t.preferred, t.holder_id, p.holder_name, t.certificate_id, t.certificate_number,
           t.certificate_prefix, t.origin_certificate_id, t.origin_number, t.origin_prefix,
           t.shares::text as shares, t.cost::text as cost, t.notes, t.reason,
           t.counterparty_holder_id,
           (select c.name from shareholder c where c.id = t.counterparty_holder_id) as counterparty,
           ${operationFactsColumns}
      from (select t.id, h.name as holder_name
              ${matching(organizationId, q)}
             order by ${orderBy(q, sql`h.name`)}
             limit ${q.pageSize} offset ${(page - 1) * q.pageSize}) p
      join share_transaction t on t.id = p.id
      ${operationFactsJoin}
     order by ${orderBy(q, sql`p.holder_name`)}`;
}

function ledgerRow(r: LedgerSqlRow): CompanyLedgerRow {
  const known = isTransactionType(r.type);
  return {
    id: r.id,
    transactionOrder: r.transaction_order,
    date: r.date,
    type: r.type,
    typeLabel: known ? typeLabel(r.type as never) : r.type,
    issued: known ? isIssuedType(r.type as never) : false,
    preferred: r.preferred,
    holderId: r.holder_id,
    holderName: r.holder_name,
    certificateId: r.certificate_id,
    certificate: certificateLabel(r.certificate_prefix, r.certificate_number),
    origin: originLabel(r),
    originCertificateId: r.origin_certificate_id,
    shares: amountText(r.shares),
    cost: amountText(r.cost),
    notes: r.notes,
    reason: r.reason,
    counterpartyHolderId: r.counterparty_holder_id,
    counterparty: r.counterparty,
    operation: {
      id: r.operation_id,
      consideration:
        r.consideration === null || r.consideration_currency === null
          ? null
          : { amount: amountText(r.consideration), currency: r.consideration_currency },
      approval:
        r.approval_date === null && r.approval_reference === null
          ? null
          : { date: r.approval_date, reference: r.approval_reference },
      reversesOperationId: r.reverses_operation_id,
      reversedByOperationId: r.reversed_by_operation_id,
    },
  };
}

/**
 * GET /api/v1/ledger: the organization's share transactions matching the filters, sorted and
 * paged. A page past the last answers the last one (as the directory does), and says which.
 */
export async function listCompanyLedger(
  db: Db,
  opts: { organizationId: string; query: Query },
): Promise<CompanyLedgerResponse> {
  const q = opts.query;
  if (q.from && q.to && q.to < q.from)
    throw new AppError({
      code: 'HTTP.VALIDATION',
      message: 'The end of the date range (to) is before its start (from).',
      field: 'to',
    });
  // The count and the page asked for run together (on PostgreSQL, on two connections); only a
  // page past the last is asked for again, as the last.
  const [counted, asked] = await Promise.all([
    rows<{ total: string }>(
      db,
      sql`select count(*)::text as total ${matching(opts.organizationId, q)}`,
    ),
    rows<LedgerSqlRow>(db, pageSql(opts.organizationId, q, q.page)),
  ]);
  const shown = await pageOrLast(
    { page: q.page, pageSize: q.pageSize, rows: asked, total: Number(counted[0]?.total ?? 0) },
    (page) => rows<LedgerSqlRow>(db, pageSql(opts.organizationId, q, page)),
  );
  return { ...shown, pageSize: q.pageSize, rows: shown.rows.map(ledgerRow) };
}
