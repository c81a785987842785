import { sql, type SQL } from 'drizzle-orm';
import { formatAmount } from '../../../ledger';
import { rows } from '../../db/sql';
import { toHundredths } from '../../ledger-store/amounts';
import { operationFactsColumns, operationFactsJoin } from '../../ledger-store/operation-facts-sql';
import type { ExportContext } from './export-context';
import type { ExportTable } from './export-table';
import {
  transactionCells,
  transactionColumns,
  typeCell,
  type TransactionFactsSql,
} from './ledger-export-columns';

interface LineSql extends TransactionFactsSql {
  transaction_order: string;
}

const afterLine = (after: { date: string; order: string } | null): SQL =>
  after === null
    ? sql`true`
    : sql`(t.date, t.transaction_order) > (${after.date}::date, ${after.order}::bigint)`;

/**
 * One holder's statement history up to the date, as the statement shows it: their transactions
 * in the ledger's order (date, then posting order) with the counterparty, the operation's facts
 * and the running balance after each line (the cumulative shares of every class, spec section
 * 3, carried from batch to batch). Keyset paged on share_transaction_holder_idx. The holder is
 * the caller's organization's: the use case found them first.
 */
export function statementExport(c: ExportContext, holderId: string): ExportTable {
  return {
    sheet: 'Statement',
    columns: [
      { header: 'Date', kind: 'date', width: 12 },
      { header: 'Type', kind: 'text', width: 22 },
      ...transactionColumns(2),
      { header: 'Running balance', kind: 'shares', width: 16 },
    ],
    async *batches() {
      let after: { date: string; order: string } | null = null;
      let balance = 0n;
      for (;;) {
        const batch: LineSql[] = await rows<LineSql>(
          c.db,
          sql`select t.transaction_order::text as transaction_order, t.date::text as date, t.type,
                     t.preferred, t.certificate_number, t.certificate_prefix, t.origin_number,
                     t.origin_prefix, t.shares::text as shares, t.cost::text as cost, t.notes,
                     t.reason,
                     (select p.name from shareholder p where p.id = t.counterparty_holder_id)
                       as counterparty,
                     ${operationFactsColumns}
                from share_transaction t
                ${operationFactsJoin}
               where t.holder_id = ${holderId} and t.date <= ${c.asOf} and ${afterLine(after)}
               order by t.date, t.transaction_order
               limit ${c.batchSize}`,
        );
        const last = batch.at(-1);
        if (last === undefined) return;
        yield batch.map((r) => {
          balance += toHundredths(r.shares);
          return {
            cells: [r.date, typeCell(r.type), ...transactionCells(r), formatAmount(balance)],
          };
        });
        if (batch.length < c.batchSize) return;
        after = { date: last.date, order: last.transaction_order };
      }
    },
  };
}
