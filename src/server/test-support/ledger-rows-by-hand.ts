import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { rows } from '../db/sql';

// Ledger rows written straight into a database migrated only part of the way, as a test of a
// data migration needs them: the ledger's code writes the newest schema's rows only.

/** A certificate numbered after the last one, of cost 1 unless told. */
export async function certificateByHand(
  db: Db,
  c: {
    organizationId: string;
    classId: string;
    holderId: string;
    origin: string | null;
    cost?: string;
  },
) {
  const [row] = await rows<{ id: string }>(
    db,
    sql`insert into certificate
          (organization_id, number, holder_id, class_id, effective_date, origin_certificate_id,
           balance, cost)
        values (${c.organizationId}, (select coalesce(max(number), 0) + 1 from certificate),
                ${c.holderId}, ${c.classId}, '2024-01-01', ${c.origin}, 0, ${c.cost ?? '1'})
        returning id`,
  );
  return row!.id;
}

export async function operationByHand(db: Db, organizationId: string, type: string) {
  const [row] = await rows<{ id: string }>(
    db,
    sql`insert into ledger_operation (organization_id, type, recorded_by)
        values (${organizationId}, ${type}, 'test') returning id`,
  );
  return row!.id;
}

/** A transaction of the schema before migration 0016; its counterparty only when given. */
export const entryByHand = (
  db: Db,
  e: {
    operationId: string;
    certificateId: string;
    type: string;
    shares: number;
    origin: string | null;
    preferred?: boolean;
    counterparty?: string;
  },
) =>
  db.execute(
    e.counterparty === undefined
      ? sql`insert into share_transaction
              (operation_id, certificate_id, preferred, origin_certificate_id, shares, type, date,
               recorded_by)
            values (${e.operationId}, ${e.certificateId}, ${e.preferred ?? false}, ${e.origin},
                    ${e.shares}, ${e.type}, '2024-01-01', 'test')`
      : sql`insert into share_transaction
              (operation_id, certificate_id, preferred, origin_certificate_id,
               counterparty_holder_id, shares, type, date, recorded_by)
            values (${e.operationId}, ${e.certificateId}, ${e.preferred ?? false}, ${e.origin},
                    ${e.counterparty}, ${e.shares}, ${e.type}, '2024-01-01', 'test')`,
  );
