import { sql } from 'drizzle-orm';
import { holderMessages, type NewShareholder } from '../../../contract/shareholders';
import { rows } from '../../db/sql';
import { readHolderRow } from './holder-row';
import { holderLookup, type Run } from './import-run';
import { columnOf, rowErrors, rowValues } from './row-values';

// A holders file: each row a new holder, as the app's "new shareholder" creates one (the same
// row and the same audit entry), inside the import's one transaction.

async function insertHolder(run: Run, body: NewShareholder): Promise<string> {
  const { tx } = run.lt;
  const { organizationId, actor, requestId } = run.opts;
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
        values (${organizationId}, ${row.name}, ${row.full_name}, ${row.email},
                ${row.holder_type}, ${row.address}, ${row.city}, ${row.state},
                ${row.zip_code}, ${row.country}, ${row.phone_number},
                ${row.cellphone_number}, ${row.notes})
        returning id`,
  );
  await tx.execute(
    sql`insert into audit_entry
          (organization_id, actor_user_id, actor_holder_id, action, entity_type, entity_id,
           request_id, before, after)
        values (${organizationId}, ${actor.userId}, ${actor.holderId}, 'shareholder.created',
                'shareholder', ${created!.id}, ${requestId}, null, ${JSON.stringify(row)}::jsonb)`,
  );
  return created!.id;
}

export const holderWords = (body: NewShareholder): string =>
  `create holder ${body.Name}${body.Email ? ` <${body.Email}>` : ''}`;

/** Creates each row's holder; a row with an error is reported and creates nothing. */
export async function importHolderRows(run: Run): Promise<void> {
  const { tx } = run.lt;
  const taken = (await holderLookup(tx, run.opts.organizationId)).byEmail;
  /** E-mails of the file's earlier rows, and the row that has each. */
  const inFile = new Map<string, number>();
  const letters = run.opts.sheet.format === 'xlsx';
  for (const sheetRow of run.opts.sheet.rows) {
    const values = rowValues(run.columns, sheetRow, letters);
    const read = readHolderRow(run.columns, values);
    const errors = rowErrors(values.errors, 'errors' in read ? read.errors : []);
    if ('body' in read && read.body.Email !== '') {
      const email = read.body.Email;
      const earlier = inFile.get(email);
      const message =
        earlier !== undefined
          ? `row ${earlier} has the same e-mail address; each holder needs an e-mail of their own.`
          : taken.has(email)
            ? holderMessages.emailTaken
            : null;
      if (message)
        errors.push({ row: sheetRow.row, column: columnOf(run.columns, 'Email'), message });
      else inFile.set(email, sheetRow.row);
    }
    if (errors.length > 0 || !('body' in read)) {
      run.errors.push(...errors);
      const name = 'body' in read ? read.body.Name : (values.values.Name ?? 'a holder');
      run.steps.push({ row: sheetRow.row, action: `create holder ${name}`, ok: false });
      continue;
    }
    await insertHolder(run, read.body);
    run.holdersCreated++;
    run.steps.push({ row: sheetRow.row, action: holderWords(read.body), ok: true });
  }
}
