import { sql } from 'drizzle-orm';
import type {
  SheetImportError,
  SheetImportKind,
  SheetImportStep,
} from '../../../contract/sheet-import';
import type { Tx } from '../../db/database';
import type { LedgerTransaction } from '../../db/ledger-transaction';
import { rows } from '../../db/sql';
import type { Columns } from './row-values';
import type { Sheet } from './read-sheet';
import type { HolderLookup, HolderRef } from './transaction-row';

// One run of a spreadsheet import as its steps share it: the file, who runs it, and what each row
// did or could not do.

export interface SheetImportOptions {
  organizationId: string;
  actor: { userId: string; holderId: string | null };
  /** The company's date: no row may be dated later. */
  today: string;
  requestId: string;
  kind: SheetImportKind;
  fileName: string;
  contentHash: string;
  sheet: Sheet;
  commit: boolean;
}

export interface Run {
  lt: LedgerTransaction;
  opts: SheetImportOptions;
  columns: Columns;
  steps: SheetImportStep[];
  errors: SheetImportError[];
  holdersCreated: number;
  operationsPosted: number;
  certificates: string[];
}

/** The active and inactive holders of the company, by id and by e-mail. */
export async function holderLookup(tx: Tx, organizationId: string): Promise<HolderLookup> {
  const found = await rows<{ id: string; name: string; email: string | null }>(
    tx,
    sql`select id, name, lower(email) as email from shareholder
         where organization_id = ${organizationId}`,
  );
  const byId = new Map<string, HolderRef>();
  const byEmail = new Map<string, HolderRef>();
  for (const h of found) {
    byId.set(h.id, { id: h.id, name: h.name });
    if (h.email) byEmail.set(h.email, { id: h.id, name: h.name });
  }
  return { byId, byEmail };
}
