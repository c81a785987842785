import { sql } from 'drizzle-orm';

/**
 * A transaction's operation facts (issue 25, decision 122) for a query whose transaction is `t`:
 * consideration, approval and the reversal links, named as TransactionSqlRow names them
 * (history-line.ts). Used by the statement's history and the company ledger. Read by primary key
 * per line (the reversal by its unique index), as a lateral subquery, so that PostgreSQL looks
 * them up per line rather than hashing the table. Its `limit 1` keeps it so: without one the
 * planner pulls a plain subquery up into the join, and for the bench's 1,000-line statement at
 * 300,000 transactions it hashed all of ledger_operation (29 ms against 12.5 ms; see
 * docs/benchmarks/2026-11-27-after-issue-25.md).
 */
export const operationFactsColumns = sql`t.operation_id, o.consideration, o.consideration_currency,
               o.approval_date, o.approval_reference, o.reverses_operation_id,
               o.reversed_by_operation_id`;
export const operationFactsJoin = sql`cross join lateral (
            select op.consideration::text as consideration,
                   op.consideration_currency, op.approval_date::text as approval_date,
                   op.approval_reference, op.reverses_operation_id,
                   (select r.id from ledger_operation r where r.reverses_operation_id = op.id)
                     as reversed_by_operation_id
              from ledger_operation op where op.id = t.operation_id limit 1) o`;

/** The columns operationFactsColumns reads, as the database gives them. */
export interface OperationFactsSql {
  operation_id: string;
  consideration: string | null;
  consideration_currency: string | null;
  approval_date: string | null;
  approval_reference: string | null;
  reverses_operation_id: string | null;
  reversed_by_operation_id: string | null;
}
