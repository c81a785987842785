import type { SalesforceImportReport } from '../src/contract/salesforce-import';

const counts = (c: SalesforceImportReport['created']) =>
  `${c.holders} holders, ${c.certificates} certificates, ${c.operations} operations ` +
  `(${c.transactions} transactions)`;

/** The import's report as the terminal shows it: one line per problem, by record Id. */
export function describeReport(company: string, r: SalesforceImportReport): string {
  const head = r.dryRun
    ? `Dry run for ${company}: nothing was written.`
    : r.imported
      ? `Imported into ${company}.`
      : `Not imported into ${company}: ${r.blocking} problem(s) not accepted; nothing was written.`;
  const lines = [
    head,
    `Read: ${r.read.shareholders} Shareholder__c, ${r.read.shares} Share__c, ${r.read.transactions} Share_Transaction__c.`,
    `${r.dryRun ? 'Would create' : r.imported ? 'Created' : 'Would have created'}: ${counts(r.created)}.`,
    `Already imported: ${counts(r.alreadyImported)}.`,
  ];
  if (r.problems.length === 0) lines.push('No problems.');
  for (const p of r.problems) lines.push(`  ${p.kind} ${p.objectName} ${p.recordId}: ${p.message}`);
  if (r.blocking > 0)
    lines.push('To skip a problem, name its record Id or kind: --accept <Id>,<kind>');
  return lines.join('\n');
}
