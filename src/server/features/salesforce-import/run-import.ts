import { sql } from 'drizzle-orm';
import { isLedgerError, type OperationInput } from '../../../ledger';
import type { SalesforceImportReport } from '../../../contract/salesforce-import';
import type { Tx } from '../../db/database';
import type { Database } from '../../db/open-database';
import { rows } from '../../db/sql';
import { invariantsWithin } from '../../ledger-store/invariants';
import { postOperation } from '../../ledger-store/post-operation';
import { hundredths, planImport, type ImportOperation } from './plan-import';
import { importHolders, settleActive } from './import-holders';
import { addRefs, loadRefs, type Refs, type Run, type RunImportOptions } from './import-run';

export type { RunImportOptions } from './import-run';

// The import: one database transaction in which the plan's holders are created and its
// operations posted through the ledger's own rules (postOperation), each row with a reference to
// its Salesforce Id. A dry run, or a run with problems not accepted, rolls it all back: nothing
// is written unless the run is clean.

class RolledBack extends Error {}

/** The operation with the registry's ids, or the first Salesforce Id that has none. */
function mapIds(op: ImportOperation, refs: Refs): OperationInput | string {
  const holder = (id: string | null | undefined) => (id ? refs.Shareholder__c.get(id) : undefined);
  const { input } = op;
  const holderId = holder(input.holderId);
  if (!holderId) return input.holderId;
  const toHolderId = input.type === 'Transfer' ? holder(input.toHolderId) : null;
  if (input.type === 'Transfer' && !toHolderId) return input.toHolderId ?? '';
  const origins = (input.originCertificateIds ?? []).map((id) => refs.Share__c.get(id) ?? id);
  const missing = origins.find((id, i) => id === input.originCertificateIds![i]);
  if (missing) return missing;
  return { ...input, holderId, toHolderId, originCertificateIds: origins, today: null };
}

const skipped = (run: Run, ids: string[]) => ids.some((id) => run.opts.accept.includes(id));

async function postOne(run: Run, op: ImportOperation) {
  const { tx } = run.lt;
  const { organizationId } = run.opts;
  if (run.refs.Share_Transaction__c.has(op.leadId)) {
    run.already.operations++;
    run.already.transactions += op.rows.length;
    return;
  }
  if (
    skipped(
      run,
      op.rows.map((r) => r.Id),
    )
  )
    return;
  const input = mapIds(op, run.refs);
  if (typeof input === 'string') {
    run.problems.push({
      kind: 'missing-holder',
      objectName: 'Share_Transaction__c',
      recordId: op.leadId,
      message: `${input} was not imported, so this transaction cannot be`,
    });
    return;
  }
  try {
    const posted = await postOperation(run.lt, { organizationId, input, actor: run.opts.actor });
    const txPairs = posted.transactions
      .slice(0, op.rows.length)
      .map((t, i): [string, string] => [op.rows[i]!.Id, t.id]);
    await addRefs(tx, organizationId, 'Share_Transaction__c', txPairs);
    if (op.newShareId && posted.certificates[0]) {
      await addRefs(tx, organizationId, 'Share__c', [[op.newShareId, posted.certificates[0].id]]);
      run.refs.Share__c.set(op.newShareId, posted.certificates[0].id);
      run.created.certificates++;
    }
    run.created.operations++;
    run.created.transactions += posted.transactions.length;
  } catch (err) {
    if (!isLedgerError(err)) throw err;
    run.problems.push({
      kind: 'ledger-refusal',
      objectName: 'Share_Transaction__c',
      recordId: op.leadId,
      message: `the ledger refuses this ${op.input.type}: ${err.message}`,
    });
  }
}

/** After posting: each imported certificate holds its Balance__c, and the ledger is sound. */
async function checkAfter(run: Run) {
  const { tx } = run.lt;
  const reported = new Set(run.problems.map((p) => p.recordId));
  const local = new Map(
    (
      await rows<{ id: string; balance: string }>(
        tx,
        sql`select id, balance::text from certificate where organization_id = ${run.opts.organizationId}`,
      )
    ).map((c) => [c.id, c.balance]),
  );
  for (const share of run.opts.ledger.shares) {
    const id = run.refs.Share__c.get(share.Id);
    const balance = id ? local.get(id) : undefined;
    if (balance === undefined || reported.has(share.Id)) continue;
    if (hundredths(Number(balance)) !== hundredths(share.Balance__c ?? 0))
      run.problems.push({
        kind: 'certificate-balance',
        objectName: 'Share__c',
        recordId: share.Id,
        message: `the ledger gives it ${balance}, its Balance__c is ${String(share.Balance__c)}`,
      });
  }
  const broken = await invariantsWithin(tx);
  if (broken.length > 0)
    throw new Error(`ledger invariants broken by the import: ${JSON.stringify(broken)}`);
}

/** The run in the audit log (its operations are there already, each by the ledger). */
async function auditImport(tx: Tx, opts: RunImportOptions, report: SalesforceImportReport) {
  const after = {
    created: report.created,
    alreadyImported: report.alreadyImported,
    accepted: opts.accept,
    problems: report.problems.length,
  };
  await tx.execute(
    sql`insert into audit_entry (organization_id, actor_user_id, actor_holder_id, action,
                                 entity_type, entity_id, after)
        values (${opts.organizationId}, ${opts.actor.userId}, ${opts.actor.holderId},
                'salesforce.import', 'organization', ${opts.organizationId},
                ${JSON.stringify(after)}::jsonb)`,
  );
}

const zero = () => ({ holders: 0, certificates: 0, transactions: 0, operations: 0 });

export async function runSalesforceImport(
  database: Database,
  opts: RunImportOptions,
): Promise<SalesforceImportReport> {
  const plan = planImport(opts.ledger);
  let report: SalesforceImportReport | undefined;
  try {
    await database.ledgerTransaction(async (lt) => {
      const refs = await loadRefs(lt.tx, opts.organizationId);
      const run: Run = {
        lt,
        opts,
        refs,
        problems: [...plan.problems],
        created: zero(),
        already: zero(),
      };
      const newHolders = await importHolders(run);
      for (const op of plan.operations) await postOne(run, op);
      await settleActive(run, newHolders);
      await checkAfter(run);
      const blocking = run.problems.filter(
        (p) => !opts.accept.includes(p.recordId) && !opts.accept.includes(p.kind),
      ).length;
      const imported = !opts.dryRun && blocking === 0;
      report = {
        dryRun: opts.dryRun,
        imported,
        read: {
          shareholders: opts.ledger.shareholders.length,
          shares: opts.ledger.shares.length,
          transactions: opts.ledger.transactions.length,
        },
        created: run.created,
        alreadyImported: {
          ...run.already,
          certificates: refs.Share__c.size - run.created.certificates,
        },
        problems: run.problems,
        blocking,
      };
      if (!imported) throw new RolledBack();
      await auditImport(lt.tx, opts, report);
    });
  } catch (err) {
    if (!(err instanceof RolledBack)) throw err;
  }
  return report!;
}
