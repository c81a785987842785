import { sql, type SQL } from 'drizzle-orm';
import { rows } from '../../db/sql';
import { operationFactsColumns, operationFactsJoin } from '../../ledger-store/operation-facts-sql';
import type { ExportContext } from './export-context';
import type { ExportTable } from './export-table';
import {
  transactionCells,
  transactionColumns,
  typeCell,
  type TransactionFactsSql,
} from './ledger-export-columns';

interface LedgerSql extends TransactionFactsSql {
  transaction_order: string;
  holder_name: string;
}

const afterLine = (after: { date: string; order: string } | null): SQL =>
  after === null
    ? sql`true`
    : sql`(t.date, t.transaction_order) > (${after.date}::date, ${after.order}::bigint)`;

/**
 * The company ledger up to the date: every transaction dated on or before it, in the ledger's
 * order (date, then posting order), with its holder, certificate, counterparty and its
 * operation's consideration, approval and reversal links. Keyset paged on
 * share_transaction_date_idx (date, transaction_order); a transaction is the organization's
 * through its holder's row, as on the ledger page.
 */
export function companyLedgerExport(c: ExportContext): ExportTable {
  return {
    sheet: 'Company ledger',
    columns: [
      { header: 'Date', kind: 'date', width: 12 },
      { header: 'Type', kind: 'text', width: 22 },
      { header: 'Holder', kind: 'text', width: 30 },
      ...transactionColumns(3),
    ],
    async *batches() {
      let after: { date: string; order: string } | null = null;
      for (;;) {
        const batch: LedgerSql[] = await rows<LedgerSql>(
          c.db,
          sql`select t.transaction_order::text as transaction_order, t.date::text as date, t.type,
                     t.preferred, h.name as holder_name, t.certificate_number,
                     t.certificate_prefix, t.origin_number, t.origin_prefix,
                     t.shares::text as shares, t.cost::text as cost, t.notes, t.reason,
                     (select p.name from shareholder p where p.id = t.counterparty_holder_id)
                       as counterparty,
                     ${operationFactsColumns}
                from share_transaction t
                join shareholder h on h.id = t.holder_id
                ${operationFactsJoin}
               where h.organization_id = ${c.organizationId} and t.date <= ${c.asOf}
                 and ${afterLine(after)}
               order by t.date, t.transaction_order
               limit ${c.batchSize}`,
        );
        const last = batch.at(-1);
        if (last === undefined) return;
        yield batch.map((r) => ({
          cells: [r.date, typeCell(r.type), r.holder_name, ...transactionCells(r)],
        }));
        if (batch.length < c.batchSize) return;
        after = { date: last.date, order: last.transaction_order };
      }
    },
  };
}
