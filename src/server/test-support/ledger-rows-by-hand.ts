import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { rows } from '../db/sql';

// Ledger rows written straight into a database migrated only part of the way, as a test of a
// data migration needs them: the ledger's code writes the newest schema's rows only.

/** A certificate numbered after the last one, of cost 1 unless told. */
export async function certificateByHand(
  db: Db,
  certificate: [organizationId: string, classId: string, holderId: string, origin: string | null],
  cost = '1',
) {
  const [organizationId, classId, holderId, origin] = certificate;
  const [row] = await rows<{ id: string }>(
    db,
    sql`insert into certificate
          (organization_id, number, holder_id, class_id, effective_date, origin_certificate_id,
           balance, cost)
        values (${organizationId}, (select coalesce(max(number), 0) + 1 from certificate),
                ${holderId}, ${classId}, '2024-01-01', ${origin}, 0, ${cost})
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
  entry: [
    operationId: string,
    certificateId: string,
    type: string,
    shares: number,
    origin: string | null,
  ],
  more: { preferred?: boolean; counterparty?: string } = {},
) => {
  const [operationId, certificateId, type, shares, origin] = entry;
  return db.execute(
    more.counterparty === undefined
      ? sql`insert into share_transaction
              (operation_id, certificate_id, preferred, origin_certificate_id, shares, type, date,
               recorded_by)
            values (${operationId}, ${certificateId}, ${more.preferred ?? false}, ${origin},
                    ${shares}, ${type}, '2024-01-01', 'test')`
      : sql`insert into share_transaction
              (operation_id, certificate_id, preferred, origin_certificate_id,
               counterparty_holder_id, shares, type, date, recorded_by)
            values (${operationId}, ${certificateId}, ${more.preferred ?? false}, ${origin},
                    ${more.counterparty}, ${shares}, ${type}, '2024-01-01', 'test')`,
  );
};
