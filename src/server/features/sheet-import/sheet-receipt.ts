import { sql } from 'drizzle-orm';
import {
  sheetImportReceipt,
  type SheetImportKind,
  type SheetImportReceipt,
} from '../../../contract/sheet-import';
import type { Db, Tx } from '../../db/database';
import { inCauses, rows } from '../../db/sql';
import type { SheetImportOptions } from './import-run';

// A committed import is remembered by its file: an `import_ref` row (source "spreadsheet", the
// kind, the file's SHA-256) pointing at the receipt, which is the import's audit entry. The same
// file sent again finds it and gets the first receipt; the primary key keeps two concurrent
// commits of one file to one (decision 128).

const SOURCE = 'spreadsheet';
const AUDIT_ACTION = 'sheet_import.committed';

/** The receipt of the file's earlier import into the company, if there was one. */
export async function earlierReceipt(
  db: Db | Tx,
  organizationId: string,
  kind: SheetImportKind,
  contentHash: string,
): Promise<SheetImportReceipt | null> {
  const [found] = await rows<{ after: unknown }>(
    db,
    sql`select a.after from import_ref r
          join audit_entry a on a.organization_id = r.organization_id
                            and a.entity_type = 'sheet_import'
                            and a.entity_id = r.local_id::text
         where r.organization_id = ${organizationId} and r.source = ${SOURCE}
           and r.object_name = ${kind} and r.external_id = ${contentHash}
         limit 1`,
  );
  if (!found) return null;
  const after =
    typeof found.after === 'string' ? (JSON.parse(found.after) as unknown) : found.after;
  return sheetImportReceipt.parse((after as { receipt: unknown }).receipt);
}

/** Records the receipt with the import's writes: its reference and its audit entry. */
export async function storeReceipt(
  tx: Tx,
  opts: SheetImportOptions,
  receipt: SheetImportReceipt,
): Promise<void> {
  await tx.execute(
    sql`insert into import_ref (organization_id, source, object_name, external_id, local_id)
        values (${opts.organizationId}, ${SOURCE}, ${opts.kind}, ${opts.contentHash},
                ${receipt.id})`,
  );
  const after = { kind: opts.kind, contentHash: opts.contentHash, receipt };
  await tx.execute(
    sql`insert into audit_entry (organization_id, actor_user_id, actor_holder_id, action,
                                 entity_type, entity_id, request_id, after)
        values (${opts.organizationId}, ${opts.actor.userId}, ${opts.actor.holderId},
                ${AUDIT_ACTION}, 'sheet_import', ${receipt.id}, ${opts.requestId},
                ${JSON.stringify(after)}::jsonb)`,
  );
}

/** The unique constraint a write broke (another request wrote the same row first), or null. */
export function uniqueViolation(err: unknown): string | null {
  let constraint: string | null = null;
  inCauses(err, (e) => {
    const { code, constraint: name } = e as { code?: string; constraint?: string };
    if (code === '23505') constraint = name ?? '';
    return code === '23505';
  });
  return constraint;
}
