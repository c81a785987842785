import { sql } from 'drizzle-orm';
import type { ImportProblem, SalesforceImportReport } from '../../../contract/salesforce-import';
import type { Tx } from '../../db/database';
import type { LedgerTransaction } from '../../db/ledger-transaction';
import { rows } from '../../db/sql';
import type { SalesforceLedger } from './salesforce-records';

// One run of the import as its steps share it (run-import.ts, import-holders.ts), and the
// references from each Salesforce Id to the registry row it became.

export interface RunImportOptions {
  organizationId: string;
  ledger: SalesforceLedger;
  dryRun: boolean;
  /** Record Ids or problem kinds to skip. */
  accept: readonly string[];
  actor: { userId: string; holderId: string | null };
}

const SOURCE = 'salesforce';
type Objects = 'Shareholder__c' | 'Share__c' | 'Share_Transaction__c';
export type Refs = Record<Objects, Map<string, string>>;

export async function loadRefs(tx: Tx, organizationId: string): Promise<Refs> {
  const found = await rows<{ object_name: Objects; external_id: string; local_id: string }>(
    tx,
    sql`select object_name, external_id, local_id from import_ref
         where organization_id = ${organizationId} and source = ${SOURCE}`,
  );
  const refs: Refs = {
    Shareholder__c: new Map(),
    Share__c: new Map(),
    Share_Transaction__c: new Map(),
  };
  for (const r of found) refs[r.object_name].set(r.external_id, r.local_id);
  return refs;
}

export async function addRefs(
  tx: Tx,
  organizationId: string,
  objectName: Objects,
  pairs: Array<[string, string]>,
) {
  if (pairs.length === 0) return;
  const values = pairs.map(
    ([external, local]) =>
      sql`(${organizationId}, ${SOURCE}, ${objectName}, ${external}, ${local})`,
  );
  await tx.execute(
    sql`insert into import_ref (organization_id, source, object_name, external_id, local_id)
        values ${sql.join(values, sql`, `)}`,
  );
}

/** What the steps of one run share. */
export interface Run {
  lt: LedgerTransaction;
  opts: RunImportOptions;
  refs: Refs;
  problems: ImportProblem[];
  created: SalesforceImportReport['created'];
  already: SalesforceImportReport['alreadyImported'];
}
