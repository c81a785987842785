import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { authUser } from '../../db/schema';
import { rows } from '../../db/sql';
import { addRefs, type Run } from './import-run';
import type { SfShareholder } from './salesforce-records';

// The holders come first: every one active while the history is posted (the ledger refuses an
// inactive holder), then set as Salesforce has them.

function problemWith(h: SfShareholder, emails: Set<string>): string | null {
  if (!h.Name?.trim()) return 'it has no Name';
  if (!/^\d*$/.test(h.Zip_Code__c)) return 'Zip_Code__c holds more than digits';
  const email = h.Email__c?.trim().toLowerCase();
  if (email && emails.has(email)) return `another holder has the e-mail ${email}`;
  return null;
}

/**
 * The e-mails among `emails` that are someone's sign-in at another company: a login whose e-mail
 * a holder of another organization has. A holder here with that e-mail would let that person in.
 */
async function otherCompaniesLogins(tx: Tx, organizationId: string, emails: string[]) {
  if (emails.length === 0) return new Set<string>();
  const found = await rows<{ email: string }>(
    tx,
    sql`select distinct lower(u.email) as email
          from ${authUser} u
          join shareholder h on lower(h.email) = lower(u.email)
         where h.organization_id <> ${organizationId}
           and lower(u.email) in (${sql.join(
             emails.map((e) => sql`${e}`),
             sql`, `,
           )})`,
  );
  return new Set(found.map((f) => f.email));
}

const signInElsewhere = (h: SfShareholder, email: string) =>
  `${h.Name?.trim() || 'This holder'}’s e-mail ${email} is how someone at another company signs ` +
  `in to this registry. Imported with it, that person could sign in to your company’s registry ` +
  `as ${h.Name?.trim() || 'this holder'}. Correct the e-mail in Salesforce, or skip this holder.`;

async function insertHolder(run: Run, h: SfShareholder): Promise<string> {
  const [row] = await rows<{ id: string }>(
    run.lt.tx,
    sql`insert into shareholder (organization_id, name, full_name, email, state, city, address,
                                 zip_code, phone_number, cellphone_number, notes, is_admin, active)
        values (${run.opts.organizationId}, ${h.Name!.trim()}, ${h.Full_Name__c || h.Name!.trim()},
                ${h.Email__c?.trim() || null}, ${h.State__c}, ${h.City__c}, ${h.Address__c},
                ${h.Zip_Code__c}, ${h.Phone_Number__c}, ${h.Cellphone_Number__c}, ${h.Notes__c},
                ${h.Is_Admin__c ?? false}, true)
        returning id`,
  );
  return row!.id;
}

export async function importHolders(run: Run): Promise<string[]> {
  const { tx } = run.lt;
  const { organizationId } = run.opts;
  const existing = await rows<{ email: string }>(
    tx,
    sql`select lower(email) as email from shareholder
         where organization_id = ${organizationId} and email is not null`,
  );
  const emails = new Set(existing.map((e) => e.email));
  const mailOf = (h: SfShareholder) => h.Email__c?.trim().toLowerCase() ?? '';
  const taken = await otherCompaniesLogins(
    tx,
    organizationId,
    [...new Set(run.opts.ledger.shareholders.map(mailOf))].filter(Boolean),
  );
  const created: Array<[string, string]> = [];
  for (const h of run.opts.ledger.shareholders) {
    if (run.refs.Shareholder__c.has(h.Id)) {
      run.already.holders++;
      continue;
    }
    if (run.opts.accept.includes(h.Id)) continue;
    if (taken.has(mailOf(h))) {
      run.problems.push({
        kind: 'email-of-another-company',
        objectName: 'Shareholder__c',
        recordId: h.Id,
        message: signInElsewhere(h, h.Email__c!.trim()),
      });
      continue;
    }
    const problem = problemWith(h, emails);
    if (problem) {
      run.problems.push({
        kind: 'invalid-record',
        objectName: 'Shareholder__c',
        recordId: h.Id,
        message: problem,
      });
      continue;
    }
    if (h.Email__c?.trim()) emails.add(h.Email__c.trim().toLowerCase());
    const id = await insertHolder(run, h);
    run.refs.Shareholder__c.set(h.Id, id);
    created.push([h.Id, id]);
  }
  await addRefs(tx, organizationId, 'Shareholder__c', created);
  run.created.holders = created.length;
  return created.map(([, id]) => id);
}

/** After the history: the holders Salesforce has inactive become inactive here too. */
export async function settleActive(run: Run, createdIds: string[]) {
  const inactive = run.opts.ledger.shareholders
    .filter((h) => h.Active__c === false)
    .map((h) => run.refs.Shareholder__c.get(h.Id))
    .filter((id): id is string => id !== undefined && createdIds.includes(id));
  if (inactive.length === 0) return;
  await run.lt.tx.execute(
    sql`update shareholder set active = false
         where organization_id = ${run.opts.organizationId}
           and id in (${sql.join(
             inactive.map((id) => sql`${id}`),
             sql`, `,
           )})`,
  );
}
