import { formatAmount, type OperationInput } from '../../../ledger';
import type { ImportProblem } from '../../../contract/salesforce-import';
import type { SalesforceLedger, SfShare, SfTransaction } from './salesforce-records';

// What a Salesforce ledger becomes in the registry: its transactions read in date and
// Transaction_Order order and paired into the ledger's operations (a transfer's two rows, a
// conversion's debits and issue), and every problem found on the way, by record Id. Pure: the
// importer posts these operations through the ledger's own rules.

export interface ImportOperation {
  /** The Salesforce Id of the operation's first row: the import's key for it. */
  leadId: string;
  /** Ids are Salesforce's; the importer maps them to the registry's. */
  input: OperationInput;
  /** The rows in the ledger's entry order: debits first, then the issue. */
  rows: SfTransaction[];
  /** The Share__c the operation's new certificate stands for (none for a cancellation). */
  newShareId: string | null;
}

export interface ImportPlan {
  operations: ImportOperation[];
  problems: ImportProblem[];
}

/** A JSON number as hundredths, exactly (at most 2 decimals), or null. */
export function hundredths(value: number | null | undefined): bigint | null {
  if (value === null || value === undefined) return null;
  const text = value.toFixed(2);
  if (Math.abs(Number(text) - value) > 1e-9 || !Number.isSafeInteger(Math.round(value * 100)))
    return null;
  return BigInt(Math.round(value * 100));
}
const amount = (value: number | null | undefined) => formatAmount(hundredths(value) ?? 0n);
const abs = (v: bigint) => (v < 0n ? -v : v);

const byLedgerOrder = (a: SfTransaction, b: SfTransaction) =>
  (a.Date__c ?? '').localeCompare(b.Date__c ?? '') ||
  (a.Transaction_Order__c ?? 0) - (b.Transaction_Order__c ?? 0) ||
  a.Id.localeCompare(b.Id);

class Planner {
  readonly shares: Map<string, SfShare>;
  readonly used = new Set<string>();
  readonly plan: ImportPlan = { operations: [], problems: [] };
  constructor(
    readonly ledger: SalesforceLedger,
    readonly sorted: SfTransaction[],
  ) {
    this.shares = new Map(ledger.shares.map((s) => [s.Id, s]));
  }

  problem(kind: ImportProblem['kind'], objectName: string, recordId: string, message: string) {
    this.plan.problems.push({ kind, objectName, recordId, message });
  }

  /** A problem with a Share_Transaction__c row. */
  rowProblem(kind: ImportProblem['kind'], t: SfTransaction, message: string) {
    this.problem(kind, 'Share_Transaction__c', t.Id, message);
  }

  holderOf(shareId: string | null | undefined) {
    return shareId ? (this.shares.get(shareId)?.Shareholder__c ?? null) : null;
  }

  /** The first unused row that `match` accepts. */
  find(match: (t: SfTransaction) => boolean) {
    return this.sorted.find((t) => !this.used.has(t.Id) && match(t));
  }

  /** `t` when it is of `type`, else the first unused row of `type` on its date that `match` accepts. */
  sideOf(t: SfTransaction, type: string, match: (other: SfTransaction) => boolean) {
    if (t.Type__c === type) return t;
    return this.find((o) => o.Type__c === type && o.Date__c === t.Date__c && match(o));
  }

  add(
    input: Omit<OperationInput, 'date' | 'notes'>,
    rows: SfTransaction[],
    newShareId: string | null,
  ) {
    rows.forEach((r) => this.used.add(r.Id));
    const lead = [...rows].sort(byLedgerOrder)[0]!;
    this.plan.operations.push({
      leadId: lead.Id,
      input: { ...input, date: lead.Date__c!, notes: lead.Notes__c || null },
      rows,
      newShareId,
    });
  }
}

/** A row the ledger cannot read at all: no certificate, date or amount. */
function unreadable(p: Planner, t: SfTransaction): boolean {
  const why =
    !t.Share__c || !p.shares.has(t.Share__c)
      ? 'its Share__c is not among the certificates read'
      : !t.Date__c || !/^\d{4}-\d{2}-\d{2}$/.test(t.Date__c)
        ? 'Date__c is not a date'
        : hundredths(t.Shares__c) === null || t.Shares__c === 0
          ? 'Shares__c is not an amount with at most 2 decimals'
          : null;
  if (why) p.rowProblem('invalid-record', t, why);
  return why !== null;
}

function originOf(p: Planner, t: SfTransaction): SfShare | null {
  const origin = t.Origin__c ? p.shares.get(t.Origin__c) : undefined;
  if (origin) return origin;
  p.rowProblem(
    'missing-origin',
    t,
    t.Origin__c
      ? `Origin__c ${t.Origin__c} is not among the certificates read`
      : 'it has no Origin__c',
  );
  return null;
}

function planTransfer(p: Planner, t: SfTransaction) {
  const opposite = (o: SfTransaction) => o.Shares__c === -(t.Shares__c ?? 0);
  const credit = p.sideOf(t, 'Issued: transfer', (c) => c.Origin__c === t.Share__c && opposite(c));
  if (!credit || unreadable(p, credit)) {
    if (!credit) p.rowProblem('unpaired', t, 'no Issued: transfer row received these shares');
    return;
  }
  const origin = originOf(p, credit);
  if (!origin) return;
  const debit = p.sideOf(t, 'Transferred', (d) => d.Share__c === origin.Id && opposite(d));
  if (!debit) {
    p.rowProblem('unpaired', t, 'no Transferred row gave these shares');
    return;
  }
  p.add(
    {
      type: 'Transfer',
      holderId: origin.Shareholder__c ?? '',
      toHolderId: p.holderOf(credit.Share__c),
      shares: amount(credit.Shares__c),
      cost: amount(credit.Cost__c),
      originCertificateIds: [origin.Id],
    },
    [debit, credit],
    credit.Share__c!,
  );
}

function planConversion(p: Planner, t: SfTransaction) {
  const sameHolder = (c: SfTransaction) => p.holderOf(c.Share__c) === p.holderOf(t.Share__c);
  const credit = p.sideOf(t, 'Issued: preferred', sameHolder);
  if (!credit) {
    p.rowProblem('unpaired', t, 'no Issued: preferred row received these shares');
    return;
  }
  if (unreadable(p, credit) || !originOf(p, credit)) return;
  const holder = p.holderOf(credit.Share__c);
  const wanted = hundredths(credit.Shares__c)!;
  const debits: SfTransaction[] = [];
  let taken = 0n;
  const candidates = p.sorted
    .filter(
      (d) =>
        d.Type__c === 'Converted To Preferred' &&
        !p.used.has(d.Id) &&
        d.Date__c === credit.Date__c &&
        p.holderOf(d.Share__c) === holder,
    )
    .sort(
      (a, b) => Number(b.Share__c === credit.Origin__c) - Number(a.Share__c === credit.Origin__c),
    );
  for (const d of candidates) {
    if (taken >= wanted) break;
    debits.push(d);
    taken += abs(hundredths(d.Shares__c) ?? 0n);
  }
  if (taken !== wanted) {
    p.rowProblem('unpaired', credit, 'its Converted To Preferred rows do not add up to its shares');
    return;
  }
  p.add(
    {
      type: 'Convert to Preferred',
      holderId: holder ?? '',
      shares: amount(credit.Shares__c),
      originCertificateIds: debits.map((d) => d.Share__c!),
    },
    [...debits, credit],
    credit.Share__c!,
  );
}

function planRow(p: Planner, t: SfTransaction) {
  switch (t.Type__c) {
    case 'Issued':
      return p.add(
        {
          type: 'New Issue',
          holderId: p.holderOf(t.Share__c) ?? '',
          shares: amount(t.Shares__c),
          cost: amount(t.Cost__c),
          classType: t.Preferred__c ? 'preferred' : 'common',
        },
        [t],
        t.Share__c!,
      );
    case 'Issued: transfer':
    case 'Transferred':
      return planTransfer(p, t);
    case 'Issued: preferred':
    case 'Converted To Preferred':
      return planConversion(p, t);
    case 'Cancelled':
      return p.add(
        {
          type: 'Cancel',
          holderId: p.holderOf(t.Share__c) ?? '',
          shares: formatAmount(abs(hundredths(t.Shares__c)!)),
          cost: amount(t.Cost__c),
          originCertificateIds: [t.Share__c!],
          reason: t.Notes__c || 'Cancelled in Salesforce (imported)',
        },
        [t],
        null,
      );
    default:
      p.rowProblem(
        'unknown-type',
        t,
        `Type__c "${String(t.Type__c).slice(0, 60)}" is not a type the ledger knows`,
      );
  }
}

/** Certificates whose rows do not add up to Balance__c, holders whose certificates do not. */
function checkBalances(p: Planner) {
  const sums = new Map<string, bigint>();
  for (const t of p.ledger.transactions)
    if (t.Share__c)
      sums.set(t.Share__c, (sums.get(t.Share__c) ?? 0n) + (hundredths(t.Shares__c) ?? 0n));
  const held = new Map<string, bigint>();
  for (const s of p.ledger.shares) {
    const sum = sums.get(s.Id) ?? 0n;
    if (hundredths(s.Balance__c ?? 0) !== sum)
      p.problem(
        'certificate-balance',
        'Share__c',
        s.Id,
        `its transactions add up to ${formatAmount(sum)}, its Balance__c is ${String(s.Balance__c)}`,
      );
    if (s.Shareholder__c) held.set(s.Shareholder__c, (held.get(s.Shareholder__c) ?? 0n) + sum);
  }
  for (const h of p.ledger.shareholders) {
    const sum = held.get(h.Id) ?? 0n;
    if (h.Balance__c !== null && h.Balance__c !== undefined && hundredths(h.Balance__c) !== sum)
      p.problem(
        'holder-balance',
        'Shareholder__c',
        h.Id,
        `their certificates add up to ${formatAmount(sum)}, their Balance__c is ${String(h.Balance__c)}`,
      );
  }
}

export function planImport(ledger: SalesforceLedger): ImportPlan {
  const sorted = [...ledger.transactions].sort(byLedgerOrder);
  const p = new Planner(ledger, sorted);
  const holders = new Set(ledger.shareholders.map((h) => h.Id));
  for (const s of ledger.shares)
    if (!s.Shareholder__c || !holders.has(s.Shareholder__c))
      p.problem(
        'missing-holder',
        'Share__c',
        s.Id,
        'its Shareholder__c is not among the holders read',
      );
  for (const t of sorted) if (!p.used.has(t.Id) && !unreadable(p, t)) planRow(p, t);
  checkBalances(p);
  return p.plan;
}
