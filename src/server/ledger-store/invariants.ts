import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/database';
import { rows } from '../db/sql';

export interface InvariantViolation {
  check_name: string;
  organization_id: string | null;
  entity_id: string;
  detail: string;
}

/**
 * Rows of ledger_invariants() (migration 0001): empty when the ledger is sound. It reads every
 * transaction, so it runs without the pool's per-statement timeout (meant for requests).
 */
export function ledgerInvariants(db: Db): Promise<InvariantViolation[]> {
  return db.transaction((tx) => invariantsWithin(tx));
}

/** The same, inside a transaction the caller holds (a nested db.transaction would end it). */
export async function invariantsWithin(tx: Tx): Promise<InvariantViolation[]> {
  await tx.execute(sql`set local statement_timeout = 0`);
  return rows<InvariantViolation>(
    tx,
    sql`select check_name, organization_id::text as organization_id, entity_id, detail
          from ledger_invariants()`,
  );
}
