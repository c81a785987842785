import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { rows } from '../db/sql';

// Ledger rows written straight into the database, past the ledger's code: for a test of the
// guards, and for a test of a data migration on a database migrated only part of the way (the
// ledger's code writes the newest schema's rows only).

/**
 * An organization with its two share classes (CS- common, PS- preferred), naming only the columns
 * every migration has: the schema's own insert names the newest columns too.
 */
export async function organizationByHand(db: Db, legalName = 'Test Holdings, Inc.') {
  const [organization] = await rows<{ id: string }>(
    db,
    sql`insert into organization (legal_name) values (${legalName}) returning id`,
  );
  const classes = await rows<{ id: string; class_type: string }>(
    db,
    sql`insert into share_class (organization_id, name, class_type, prefix)
        values (${organization!.id}, 'Common Stock', 'common', 'CS-'),
               (${organization!.id}, 'Series A Preferred', 'preferred', 'PS-')
        returning id, class_type`,
  );
  const ofType = (type: string) => ({ id: classes.find((c) => c.class_type === type)!.id });
  return { organization: organization!, common: ofType('common'), preferred: ofType('preferred') };
}

/** A holder with a name (an e-mail, the admin flag) and nothing else, the same way. */
export async function holderByHand(
  db: Db,
  organizationId: string,
  name: string,
  opts: { email?: string; isAdmin?: boolean } = {},
) {
  const [row] = await rows<{ id: string }>(
    db,
    sql`insert into shareholder (organization_id, name, email, is_admin)
        values (${organizationId}, ${name}, ${opts.email ?? null}, ${opts.isAdmin ?? false})
        returning id`,
  );
  return row!;
}

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

/** A share transaction written by hand, past the ledger's code, as a test of the guards would. */
export interface HandWrittenTransaction {
  operationId: string;
  certificateId: string;
  type: string;
  shares: number | string;
  preferred?: boolean;
  originCertificateId?: string | null;
  counterpartyHolderId?: string | null;
  date?: string;
  notes?: string;
  cost?: string;
  reason?: string | null;
  recordedBy?: string;
}

/**
 * The insert of such a transaction, with the certificate's and origin's facts it copies
 * (migration 0016) read from their rows, so that only what the test means to break is broken.
 */
export const transactionByHand = (t: HandWrittenTransaction) =>
  sql`insert into share_transaction
        (operation_id, certificate_id, preferred, origin_certificate_id, counterparty_holder_id,
         shares, type, date, notes, cost, reason, recorded_by, holder_id, certificate_number,
         certificate_prefix, certificate_cost, origin_number, origin_prefix)
      select ${t.operationId}::uuid, c.id, ${t.preferred ?? false}::boolean, oc.id,
             ${t.counterpartyHolderId ?? null}::uuid, ${t.shares}::numeric, ${t.type}::text,
             ${t.date ?? '2024-01-01'}::date, ${t.notes ?? ''}::text, ${t.cost ?? '0'}::numeric,
             ${t.reason ?? null}::text, ${t.recordedBy ?? 'by hand'}::text, c.holder_id, c.number, cls.prefix, c.cost,
             oc.number, ocls.prefix
        from certificate c
        join share_class cls on cls.id = c.class_id
        left join certificate oc on oc.id = ${t.originCertificateId ?? null}::uuid
        left join share_class ocls on ocls.id = oc.class_id
       where c.id = ${t.certificateId}`;
