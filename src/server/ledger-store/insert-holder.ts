import { sql } from 'drizzle-orm';
import type { NewShareholder } from '../../contract/shareholders';
import type { Tx } from '../db/database';
import { rows } from '../db/sql';

/** Who adds the holder: their company, and themselves for the audit entry. */
export interface HolderAuthor {
  organizationId: string;
  userId: string;
  holderId: string | null;
}

/**
 * A new holder of the author's company, as POST /api/v1/shareholders and the spreadsheet import
 * create one: the row and its `shareholder.created` audit entry, in the caller's transaction.
 */
export async function insertHolder(
  tx: Tx,
  author: HolderAuthor,
  body: NewShareholder,
  requestId: string,
): Promise<string> {
  const row = {
    name: body.Name,
    full_name: body.Name,
    email: body.Email === '' ? null : body.Email,
    holder_type: body.HolderType,
    address: body.Address,
    city: body.City,
    state: body.State,
    zip_code: body.ZipCode,
    country: body.Country,
    phone_number: body.Phone,
    cellphone_number: body.CellPhone,
    notes: body.Notes,
  };
  const [created] = await rows<{ id: string }>(
    tx,
    sql`insert into shareholder
          (organization_id, name, full_name, email, holder_type, address, city, state,
           zip_code, country, phone_number, cellphone_number, notes)
        values (${author.organizationId}, ${row.name}, ${row.full_name}, ${row.email},
                ${row.holder_type}, ${row.address}, ${row.city}, ${row.state},
                ${row.zip_code}, ${row.country}, ${row.phone_number},
                ${row.cellphone_number}, ${row.notes})
        returning id`,
  );
  await tx.execute(
    sql`insert into audit_entry
          (organization_id, actor_user_id, actor_holder_id, action, entity_type, entity_id,
           request_id, before, after)
        values (${author.organizationId}, ${author.userId}, ${author.holderId},
                'shareholder.created', 'shareholder', ${created!.id}, ${requestId}, null,
                ${JSON.stringify(row)}::jsonb)`,
  );
  return created!.id;
}
