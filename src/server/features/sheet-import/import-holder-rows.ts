import { holderMessages, type NewShareholder } from '../../../contract/shareholders';
import { insertHolder } from '../../ledger-store/insert-holder';
import { readHolderRow } from './holder-row';
import { holderLookup, type Run } from './import-run';
import { columnOf, rowErrors, rowValues } from './row-values';

// A holders file: each row a new holder, as the app's "new shareholder" creates one (the same
// row and the same audit entry), inside the import's one transaction.

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
    await insertHolder(
      run.lt.tx,
      { organizationId: run.opts.organizationId, ...run.opts.actor },
      read.body,
      run.opts.requestId,
    );
    run.holdersCreated++;
    run.steps.push({ row: sheetRow.row, action: holderWords(read.body), ok: true });
  }
}
