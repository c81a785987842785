// Random ledgers for the OCF export's tests (decision 126): operations applied to the ledger's
// in-memory model (src/ledger/test-support, the model of ledger.model.test.ts), reversals
// included, and the model's rows as the export reads them (OcfSource), without a database.
import fc from 'fast-check';
import {
  formatAmount,
  isLedgerError,
  reversalInput,
  type OperationInput,
  type OperationType,
} from '../../ledger';
import {
  createInMemoryLedger,
  type InMemoryLedger,
} from '../../ledger/test-support/in-memory-ledger';
import type { OcfSource, OcfSourceHolder, OcfSourceOperation } from '../ocf/ocf-export-source';

export const MODEL_DATES = ['2024-01-01', '2024-01-02', '2024-01-05', '2024-02-01', '2024-03-01'];
/** Reversals are recorded on the last date (their "today"). */
const REVERSAL_DATE = MODEL_DATES.at(-1)!;
const HOLDERS = ['h-0', 'h-1', 'h-2', 'h-3'];
export const MODEL_CLASSES = { common: 'class-common', preferred: 'class-preferred' } as const;

export type ModelCommand =
  | { kind: 'issue'; h: number; shares: number; cost: number; date: number; preferred: boolean }
  | {
      kind: 'transfer' | 'convert' | 'cancel';
      h: number;
      to: number;
      picks: number[];
      shares: number;
      cost: number;
      date: number;
    }
  | { kind: 'reverse'; which: number };

const nat = (max: number) => fc.nat({ max });
export const modelCommand: fc.Arbitrary<ModelCommand> = fc.oneof(
  fc.record({
    kind: fc.constant('issue' as const),
    h: nat(3),
    shares: fc.integer({ min: 1, max: 20_000 }),
    cost: nat(2_000),
    date: nat(3),
    preferred: fc.boolean(),
  }),
  fc.record({
    kind: fc.constantFrom(
      'transfer' as const,
      'transfer' as const,
      'convert' as const,
      'cancel' as const,
    ),
    h: nat(3),
    to: fc.integer({ min: 1, max: 3 }),
    picks: fc.uniqueArray(nat(20), { minLength: 1, maxLength: 3 }),
    shares: fc.integer({ min: 1, max: 8_000 }),
    cost: nat(2_000),
    date: nat(3),
  }),
  fc.record({ kind: fc.constant('reverse' as const), which: nat(40) }),
);

export interface ModelLedger {
  ledger: InMemoryLedger;
  operations: OcfSourceOperation[];
  /** Transaction id → operation id. */
  operationOf: Map<string, string>;
}

function inputOf(m: ModelLedger, cmd: Exclude<ModelCommand, { kind: 'reverse' }>): OperationInput {
  const holderId = HOLDERS[cmd.h]!;
  const base = { holderId, date: MODEL_DATES[cmd.date]!, shares: formatAmount(BigInt(cmd.shares)) };
  const cost = formatAmount(BigInt(cmd.cost));
  if (cmd.kind === 'issue')
    return { ...base, type: 'New Issue', cost, classType: cmd.preferred ? 'preferred' : 'common' };
  const own = m.ledger.certificates(holderId).filter((c) => c.balance > 0n);
  const origins = [...new Set(cmd.picks.map((i) => own[i % Math.max(own.length, 1)]?.id))];
  const originCertificateIds = origins.filter((id): id is string => id !== undefined);
  const type: Record<typeof cmd.kind, OperationType> = {
    transfer: 'Transfer',
    convert: 'Convert to Preferred',
    cancel: 'Cancel',
  };
  return {
    ...base,
    type: type[cmd.kind],
    cost,
    originCertificateIds,
    toHolderId: HOLDERS[(cmd.h + cmd.to) % HOLDERS.length]!,
    reason: 'repurchase',
  };
}

/** The reversal of an earlier operation, as the corrections feature builds it. */
function reversalOf(m: ModelLedger, which: number): { input: OperationInput; of: string } | null {
  const original = m.operations[which % Math.max(m.operations.length, 1)];
  if (!original) return null;
  const reversed = m.operations.find((o) => o.reversesOperationId === original.id);
  const transactions = m.ledger
    .transactions()
    .filter((t) => m.operationOf.get(t.id) === original.id);
  const input = reversalInput(
    {
      id: original.id,
      type: original.type as OperationType,
      reversesOperationId: original.reversesOperationId,
      reversedByOperationId: reversed?.id ?? null,
      entries: transactions.map((t) => ({
        certificateId: t.certificateId,
        holderId: t.holderId,
        type: t.type,
        shares: formatAmount(t.shares),
        cost: formatAmount(t.cost),
        certificateCost: formatAmount(m.ledger.certificate(t.certificateId)!.cost),
        preferred: t.preferred,
      })),
    },
    { today: REVERSAL_DATE, reason: 'Recorded in error' },
  );
  return { input, of: original.id };
}

/** Applies the commands; a refused one (a LedgerError) changes nothing, as in the ledger. */
export function modelLedger(commands: readonly ModelCommand[]): ModelLedger {
  const ledger = createInMemoryLedger();
  for (const id of HOLDERS) ledger.addHolder(id);
  const m: ModelLedger = { ledger, operations: [], operationOf: new Map() };
  for (const cmd of commands) {
    try {
      const step =
        cmd.kind === 'reverse' ? reversalOf(m, cmd.which) : { input: inputOf(m, cmd), of: null };
      if (step === null) continue;
      const applied = ledger.apply(step.input);
      const id = `op-${m.operations.length + 1}`;
      m.operations.push({
        id,
        type: step.input.type,
        consideration: m.operations.length % 3 === 0 ? '125.50' : null,
        considerationCurrency: m.operations.length % 3 === 0 ? 'USD' : null,
        approvalDate: m.operations.length % 2 === 0 ? step.input.date : null,
        approvalReference: null,
        reversesOperationId: step.of,
      });
      for (const tx of applied.transactionIds) m.operationOf.set(tx, id);
    } catch (e) {
      if (!isLedgerError(e)) throw e;
    }
  }
  return m;
}

const holder = (id: string, i: number): OcfSourceHolder => ({
  id,
  name: `Holder ${i}`,
  fullName: `Holder ${i}`,
  email: `holder${i}@example.test`,
  holderType: i % 2 === 0 ? 'individual' : 'entity',
  address: `${i} Main St`,
  city: 'Dover',
  state: 'DE',
  zipCode: '19901',
  country: 'US',
  phoneNumber: '+1 302 555 0100',
  cellphoneNumber: '',
  active: true,
  isAdmin: false,
  readOnly: false,
});

/** The model's rows as the export reads them, as of `asOf`. */
export function modelSource(m: ModelLedger, asOf: string, legend = 'NOT REGISTERED.'): OcfSource {
  const transactions = m.ledger.transactions();
  return {
    asOf,
    company: {
      id: 'org-model',
      legalName: 'Model, Inc.',
      address: '1 Model Way',
      city: 'Wilmington',
      state: 'DE',
      zipCode: '19801',
      country: 'US',
      certificateLegend: legend,
      createdOn: '2024-01-03',
    },
    holders: HOLDERS.map(holder),
    classes: [
      {
        id: MODEL_CLASSES.common,
        name: 'Common Stock',
        classType: 'common',
        prefix: 'CS-',
        authorizedShares: null,
      },
      {
        id: MODEL_CLASSES.preferred,
        name: 'Series A Preferred',
        classType: 'preferred',
        prefix: 'PS-',
        authorizedShares: '1000000.00',
      },
    ],
    certificates: m.ledger.certificates().map((c) => ({
      id: c.id,
      number: c.number,
      holderId: c.holderId,
      classId: MODEL_CLASSES[c.classType],
      originCertificateId: c.originCertificateId,
      cost: formatAmount(c.cost),
    })),
    operations: m.operations,
    lines: transactions.map((t) => ({
      id: t.id,
      order: String(t.order),
      operationId: m.operationOf.get(t.id)!,
      certificateId: t.certificateId,
      holderId: t.holderId,
      type: t.type,
      shares: formatAmount(t.shares),
      cost: formatAmount(t.cost),
      date: t.date,
      notes: t.notes ?? '',
      reason: t.reason,
    })),
    firstLedgerDate: transactions.reduce<string | null>(
      (a, t) => (a === null || t.date < a ? t.date : a),
      null,
    ),
  };
}

/** What the model says each holder holds of each class on `asOf`: "holder|class" → hundredths. */
export function modelHoldings(m: ModelLedger, asOf: string): Map<string, bigint> {
  const out = new Map<string, bigint>();
  for (const t of m.ledger.transactions()) {
    if (t.date > asOf) continue;
    const key = `${t.holderId}|${t.preferred ? MODEL_CLASSES.preferred : MODEL_CLASSES.common}`;
    out.set(key, (out.get(key) ?? 0n) + t.shares);
  }
  for (const [key, value] of out) if (value === 0n) out.delete(key);
  return out;
}
