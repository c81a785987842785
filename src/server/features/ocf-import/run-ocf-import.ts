import { sql } from 'drizzle-orm';
import { isLedgerError } from '../../../ledger';
import type { OcfImportReport, OcfReportItem } from '../../../contract/ocf-import';
import type { Tx } from '../../db/database';
import type { LedgerTransaction } from '../../db/ledger-transaction';
import type { Database } from '../../db/open-database';
import { rows } from '../../db/sql';
import { AppError } from '../../http/app-error';
import { invariantsWithin } from '../../ledger-store/invariants';
import { postOperation } from '../../ledger-store/post-operation';
import type { OcfPackage } from './ocf-package';
import { planOcfImport, type OcfImportPlan } from './plan-ocf-import';
import type { PlannedOperation } from './plan-ocf-operations';
import { authorizeClasses, insertHolders, nameClasses, setLegend } from './write-ocf-directory';

// The import: one ledger transaction in which the holders are created, the classes named, and
// every operation posted through the ledger's own rules (postOperation, as the entry form and
// the Salesforce import post). A dry run rolls it all back, so its report carries the
// certificate numbers the ledger gives; a commit writes everything or, on any refusal, nothing.
// The package's hash is kept (import_ref, source 'ocf'): the same package is never written twice.

const SOURCE = 'ocf';

export interface RunOcfImportOptions {
  organizationId: string;
  pkg: OcfPackage;
  commit: boolean;
  actor: { userId: string; holderId: string | null };
}

class RolledBack extends Error {}

interface Run {
  lt: LedgerTransaction;
  opts: RunOcfImportOptions;
  plan: OcfImportPlan;
  holders: Map<string, string>;
  certificates: Map<string, string>;
  labels: Map<string, string>;
  refused: OcfReportItem[];
}

async function postOne(run: Run, op: PlannedOperation) {
  const origins = op.sources.map((id) => run.certificates.get(id));
  const refuse = (reason: string) =>
    run.refused.push({ id: op.ocfId, objectType: op.objectType, file: '', reason });
  const lost = op.sources.find((_, i) => origins[i] === undefined);
  if (lost) return refuse(`its security ${lost} was refused before it`);
  try {
    const posted = await postOperation(run.lt, {
      organizationId: run.opts.organizationId,
      actor: run.opts.actor,
      input: {
        type: op.type,
        holderId: run.holders.get(op.holderOcfId)!,
        toHolderId: op.toHolderOcfId ? run.holders.get(op.toHolderOcfId)! : null,
        date: op.date,
        today: null,
        shares: op.shares,
        cost: op.cost,
        classType: op.classType,
        originCertificateIds: origins.length > 0 ? (origins as string[]) : null,
        notes: op.notes,
        reason: op.reason,
      },
    });
    const created = posted.certificates[0];
    if (op.result && created) {
      run.certificates.set(op.result, created.id);
      run.labels.set(op.ocfId + '\u0000' + op.result, created.certificate);
    }
    for (const [balance, source] of op.balances)
      run.certificates.set(balance, run.certificates.get(source)!);
  } catch (err) {
    if (!isLedgerError(err)) throw err;
    refuse(`the ledger refuses it: ${err.message}`);
  }
}

async function alreadyImported(tx: Tx, organizationId: string, hash: string) {
  const found = await rows<{ n: number }>(
    tx,
    sql`select 1 as n from import_ref where organization_id = ${organizationId}
         and source = ${SOURCE} and object_name = 'PACKAGE' and external_id = ${hash}`,
  );
  return found.length > 0;
}

async function registryEmpty(tx: Tx, organizationId: string) {
  const found = await rows<{ n: number }>(
    tx,
    sql`select 1 as n from share_transaction t join certificate c on c.id = t.certificate_id where c.organization_id = ${organizationId} limit 1`,
  );
  return found.length === 0;
}

async function keep(run: Run, report: OcfImportReport) {
  const { organizationId, pkg, actor } = run.opts;
  const refs = [
    sql`(${organizationId}, ${SOURCE}, 'PACKAGE', ${pkg.hash}, ${organizationId})`,
    ...[...run.holders].map(
      ([o, l]) => sql`(${organizationId}, ${SOURCE}, 'STAKEHOLDER', ${o}, ${l})`,
    ),
    ...[...run.certificates].map(
      ([o, l]) => sql`(${organizationId}, ${SOURCE}, 'SECURITY', ${o}, ${l})`,
    ),
  ];
  await run.lt.tx.execute(
    sql`insert into import_ref (organization_id, source, object_name, external_id, local_id)
        values ${sql.join(refs, sql`, `)} on conflict do nothing`,
  );
  const after = {
    packageHash: pkg.hash,
    holders: report.toCreate.holders.length,
    operations: report.toCreate.operations.length,
    notExpressible: report.notExpressible.length,
    invalid: report.invalid.length,
  };
  await run.lt.tx.execute(
    sql`insert into audit_entry (organization_id, actor_user_id, actor_holder_id, action,
                                 entity_type, entity_id, after)
        values (${organizationId}, ${actor.userId}, ${actor.holderId}, 'ocf.import',
                'organization', ${organizationId}, ${JSON.stringify(after)}::jsonb)`,
  );
}

function reportOf(run: Run, empty: boolean, already: boolean): OcfImportReport {
  const { plan, opts } = run;
  const holderName = new Map(plan.holders.map((h) => [h.ocfId, h.name]));
  return {
    mode: opts.commit ? 'commit' : 'dry-run',
    committed: false,
    alreadyImported: already,
    packageHash: opts.pkg.hash,
    registryEmpty: empty,
    files: opts.pkg.files,
    toCreate: {
      holders: plan.holders.map((h) => ({
        id: h.ocfId,
        name: h.name,
        email: h.email,
        holderType: h.holderType,
      })),
      classes: plan.classes.map((c) => ({ ...c, id: c.ocfId, authorizedShares: c.authorized })),
      legend: plan.legend,
      operations: plan.operations.map((op) => ({
        id: op.ocfId,
        objectType: op.objectType,
        date: op.date,
        type: op.type,
        holder: holderName.get(op.holderOcfId) ?? op.holderOcfId,
        toHolder: op.toHolderOcfId ? (holderName.get(op.toHolderOcfId) ?? null) : null,
        shares: op.shares,
        security: op.customId ?? op.result,
        certificate: op.result ? (run.labels.get(op.ocfId + '\u0000' + op.result) ?? null) : null,
      })),
    },
    notExpressible: plan.notExpressible,
    invalid: [...opts.pkg.invalid, ...plan.invalid, ...run.refused],
    warnings: [...opts.pkg.warnings, ...plan.warnings],
  };
}

async function importWithin(run: Run): Promise<OcfImportReport> {
  const { tx } = run.lt;
  const { organizationId, commit, pkg } = run.opts;
  const already = await alreadyImported(tx, organizationId, pkg.hash);
  const empty = await registryEmpty(tx, organizationId);
  if (already) return reportOf(run, empty, true);
  if (commit && !empty)
    throw new AppError({
      code: 'OCF.REGISTRY_NOT_EMPTY',
      message: 'This registry already has transactions; an OCF package imports into an empty one.',
      field: 'file',
    });
  run.holders = await insertHolders(tx, organizationId, run.plan.holders, run.plan.warnings);
  await nameClasses(tx, organizationId, run.plan.classes);
  for (const op of run.plan.operations) await postOne(run, op);
  await authorizeClasses(tx, organizationId, run.plan.classes, run.plan.warnings);
  if (run.plan.legend) await setLegend(tx, organizationId, run.plan.legend.text);
  const broken = await invariantsWithin(tx);
  if (broken.length > 0) throw new Error(`OCF import breaks the ledger: ${JSON.stringify(broken)}`);
  return reportOf(run, empty, false);
}

export async function runOcfImport(
  database: Database,
  opts: RunOcfImportOptions,
): Promise<OcfImportReport> {
  let report: OcfImportReport | undefined;
  try {
    await database.ledgerTransaction(async (lt) => {
      const run: Run = {
        lt,
        opts,
        plan: planOcfImport(opts.pkg),
        holders: new Map(),
        certificates: new Map(),
        labels: new Map(),
        refused: [],
      };
      report = await importWithin(run);
      if (!opts.commit || report.alreadyImported) throw new RolledBack();
      const first = run.refused[0];
      if (first)
        throw new AppError({
          code: 'OCF.LEDGER_REFUSED',
          message: `${first.objectType} ${first.id}: ${first.reason}. Nothing was imported.`,
          field: 'file',
          details: { id: first.id, objectType: first.objectType, refused: run.refused },
        });
      await keep(run, report);
      report.committed = true;
    });
  } catch (err) {
    if (!(err instanceof RolledBack)) throw err;
  }
  return report!;
}
