import type { OcfReportItem } from '../../../contract/ocf-import';
import { mapDirectory, type Directory } from './map-ocf-directory';
import type { OcfItem, OcfPackage } from './ocf-package';
import {
  Invalid,
  OperationsPlanner,
  Unexpressible,
  type PlannedOperation,
} from './plan-ocf-operations';

// Pure: the whole plan of a package: holders, classes, legend, the operations in posting order,
// and every item not imported, by OCF id and object_type, with the reason.

export interface OcfImportPlan extends Directory {
  operations: PlannedOperation[];
  warnings: OcfReportItem[];
}

/** Items read into the directory, or folded into the operations of others. */
const DIRECTORY = new Set(['STAKEHOLDER', 'STOCK_CLASS', 'STOCK_LEGEND_TEMPLATE']);

function unexpressibleReason(objectType: string): string {
  if (objectType === 'TX_STOCK_ACCEPTANCE') return 'the registry does not record acceptances';
  if (objectType === 'TX_STOCK_RETRACTION') return 'the registry does not void issuances';
  if (objectType === 'TX_STOCK_REISSUANCE' || objectType === 'TX_STOCK_CONSOLIDATION')
    return 'the registry does not reissue or consolidate certificates';
  if (objectType.startsWith('TX_STOCK_CLASS_') || objectType.startsWith('TX_ISSUER_'))
    return 'the registry keeps a class’s current authorized shares only, no splits or ratios';
  if (objectType.startsWith('CE_STAKEHOLDER_'))
    return 'the registry keeps no stakeholder relationship or status history';
  if (objectType.startsWith('TX_VESTING') || objectType === 'VESTING_TERMS')
    return 'the registry keeps no vesting';
  if (
    objectType.includes('STOCK_PLAN') ||
    objectType.includes('EQUITY_COMPENSATION') ||
    objectType.includes('PLAN_SECURITY')
  )
    return 'the registry keeps no stock plans or equity compensation';
  if (objectType.includes('CONVERTIBLE')) return 'the registry keeps no convertibles';
  if (objectType.includes('WARRANT')) return 'the registry keeps no warrants';
  return `the registry keeps no ${objectType.toLowerCase().replace(/_/g, ' ')}`;
}

const report = (item: OcfItem, reason: string): OcfReportItem => ({
  id: item.id,
  objectType: item.object_type,
  file: item.file,
  reason,
});

/** Conversions by their first resulting security: those sharing one are one operation. */
function conversionGroups(items: readonly OcfItem[]) {
  const groups = new Map<string, OcfItem[]>();
  for (const item of items) {
    if (item.object_type !== 'TX_STOCK_CONVERSION') continue;
    const key = `${(item.resulting_security_ids as string[])[0] ?? item.id}`;
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  return new Map([...groups.values()].map((group) => [group[0]!, group]));
}

function planEach(items: readonly OcfItem[], d: Directory, plan: OcfImportPlan) {
  const conversions = conversionGroups(items);
  const planner = new OperationsPlanner(items, {
    holders: new Set(d.holders.map((h) => h.ocfId)),
    classes: new Map(d.classes.map((c) => [c.ocfId, c.classType])),
  });
  for (const item of items) {
    const type = item.object_type;
    const derivedIssuance =
      type === 'TX_STOCK_ISSUANCE' && planner.derived.has(String(item.security_id));
    if (DIRECTORY.has(type) || derivedIssuance) continue;
    try {
      if (type === 'TX_STOCK_ISSUANCE') plan.operations.push(...planner.newIssue(item));
      else if (type === 'TX_STOCK_TRANSFER') plan.operations.push(...planner.transfer(item));
      else if (type === 'TX_STOCK_CONVERSION') {
        const group = conversions.get(item);
        if (group) plan.operations.push(...planner.conversion(group));
      } else if (type === 'TX_STOCK_CANCELLATION' || type === 'TX_STOCK_REPURCHASE')
        plan.operations.push(...planner.cancel(item));
      else plan.notExpressible.push(report(item, unexpressibleReason(type)));
    } catch (err) {
      if (err instanceof Invalid) plan.invalid.push(report(item, err.message));
      else if (err instanceof Unexpressible) plan.notExpressible.push(report(item, err.message));
      else throw err;
    }
  }
  // An issuance of a security that an operation derives is read with that operation.
  const used = new Set(plan.operations.flatMap((o) => [o.result, ...o.balances.map(([b]) => b)]));
  for (const item of items)
    if (item.object_type === 'TX_STOCK_ISSUANCE' && planner.derived.has(String(item.security_id)))
      if (!used.has(String(item.security_id)))
        plan.notExpressible.push(
          report(item, 'it issues the result of a transaction the registry does not import'),
        );
}

const customNumber = (op: PlannedOperation) => {
  const digits = /(\d+)\s*$/.exec(op.customId ?? '');
  return digits ? Number(digits[1]) : Number.MAX_SAFE_INTEGER;
};

/**
 * Whether the custom_ids keep the registry's numbers: each new certificate's is its class's
 * prefix and a number, and together they are 1 to N. Posted in that order, the ledger gives each
 * certificate that number again (an export of this registry reads back as it was).
 */
function keepsNumbers(operations: readonly PlannedOperation[], prefixes: Map<string, string>) {
  const creating = operations.filter((op) => op.result !== null);
  const numbers = creating.map((op) => {
    const prefix = prefixes.get(op.classType) ?? '';
    const rest = op.customId?.startsWith(prefix) ? op.customId.slice(prefix.length) : '';
    return /^[1-9]\d*$/.test(rest) ? Number(rest) : 0;
  });
  const sorted = [...numbers].sort((a, b) => a - b);
  return sorted.every((n, i) => n === i + 1);
}

type Pending = { op: PlannedOperation; i: number };

/**
 * Each operation after those that issue its origins. By the custom_ids' numbers when they keep
 * the registry's (what creates no certificate as soon as it can), else by date, then the
 * custom_id's number, then the package's order. An operation whose origin no operation issues
 * is reported, and so, in turn, is what stands on it.
 */
function order(plan: OcfImportPlan, items: readonly OcfItem[]) {
  const position = new Map(items.map((item, i) => [item.id, i]));
  const pending: Pending[] = plan.operations.map((op, i) => ({ op, i }));
  const prefixes = new Map(plan.classes.map((c) => [c.classType as string, c.prefix]));
  const byNumber = keepsNumbers(plan.operations, prefixes);
  const issued = new Set<string>();
  const ordered: PlannedOperation[] = [];
  const before = (a: Pending, b: Pending) =>
    (byNumber
      ? (a.op.result === null ? 0 : customNumber(a.op)) -
        (b.op.result === null ? 0 : customNumber(b.op))
      : 0) ||
    a.op.date.localeCompare(b.op.date) ||
    customNumber(a.op) - customNumber(b.op) ||
    position.get(a.op.ocfId)! - position.get(b.op.ocfId)! ||
    a.i - b.i;
  for (;;) {
    const ready = pending.filter(({ op }) => op.sources.every((id) => issued.has(id)));
    if (ready.length === 0) break;
    const next = ready.sort(before)[0]!;
    pending.splice(pending.indexOf(next), 1);
    ordered.push(next.op);
    for (const id of [next.op.result, ...next.op.balances.map(([b]) => b)]) if (id) issued.add(id);
  }
  const dropped = new Set<string>();
  for (const { op } of pending) {
    if (dropped.has(op.ocfId)) continue;
    dropped.add(op.ocfId);
    const item = items[position.get(op.ocfId)!]!;
    const missing = op.sources.filter((id) => !issued.has(id)).join(', ');
    plan.notExpressible.push(
      report(item, `its security ${missing} comes from an item the registry does not import`),
    );
  }
  plan.operations = ordered.filter((op) => !dropped.has(op.ocfId));
}

/** What the registry makes of a package: pure, no database. */
export function planOcfImport(pkg: Pick<OcfPackage, 'items' | 'manifest'>): OcfImportPlan {
  const d = mapDirectory(pkg.items);
  const plan: OcfImportPlan = { ...d, operations: [], warnings: [] };
  planEach(pkg.items, d, plan);
  order(plan, pkg.items);
  if (pkg.manifest?.issuer)
    plan.notExpressible.push({
      id: String((pkg.manifest.issuer as { id?: string }).id ?? 'issuer'),
      objectType: 'ISSUER',
      file: 'manifest',
      reason: 'the company’s own details stay as the registry has them',
    });
  return plan;
}
