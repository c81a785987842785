import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ClassType } from './class-types';
import { formatAmount } from './decimal';
import { createInMemoryLedger, type InMemoryLedger } from './test-support/in-memory-ledger';
import { LedgerError, type LedgerErrorCode } from './ledger-error';
import type { OperationInput } from './plan-operation';

const HOLDERS = ['h0', 'h1', 'h2', 'h3'];

type Command =
  | {
      kind: 'issue';
      holder: number;
      shares: bigint;
      cost: bigint;
      classType: ClassType;
      backdate: number;
    }
  | {
      kind: 'transfer' | 'convert' | 'cancel';
      holder: number;
      to: number;
      start: number;
      picks: Pick[];
      shares: bigint;
      cost: bigint;
      backdate: number;
    }
  | { kind: 'setActive'; holder: number; active: boolean };

// The i-th own pick is the holder's (start + i)-th certificate that still holds shares (dropped
// when they hold fewer); a foreign pick indexes every certificate, so it may belong to someone
// else, be empty, or repeat another pick.
type Pick = { own: boolean; index: number };

const holderIndex = fc.nat({ max: HOLDERS.length - 1 });
const pick: fc.Arbitrary<Pick> = fc.record({
  own: fc.oneof(
    { weight: 9, arbitrary: fc.constant(true) },
    { weight: 1, arbitrary: fc.constant(false) },
  ),
  index: fc.nat({ max: 63 }),
});
// Days before the command's own date; mostly 0, so most operations are in date order.
const backdate = fc.oneof(
  { weight: 4, arbitrary: fc.constant(0) },
  { weight: 1, arbitrary: fc.nat({ max: 20 }) },
);
const cost = fc.bigInt({ min: 0n, max: 10000n });

const command: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('issue' as const),
      holder: holderIndex,
      shares: fc.bigInt({ min: 1n, max: 100000n }),
      cost,
      classType: fc.constantFrom<ClassType>('common', 'preferred'),
      backdate,
    }),
  },
  {
    weight: 9,
    arbitrary: fc.record({
      kind: fc.constantFrom('transfer' as const, 'convert' as const, 'cancel' as const),
      holder: holderIndex,
      to: holderIndex,
      start: fc.nat({ max: 63 }),
      picks: fc.array(pick, { minLength: 1, maxLength: 3 }),
      shares: fc.oneof(fc.bigInt({ min: 1n, max: 3000n }), fc.bigInt({ min: 1n, max: 300000n })),
      cost,
      backdate,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('setActive' as const),
      holder: holderIndex,
      active: fc.oneof({ weight: 2, arbitrary: fc.constant(true) }, fc.constant(false)),
    }),
  },
);

// Test-only calendar arithmetic; the ledger itself never touches Date.
const dateOf = (dayNumber: number) =>
  new Date(Date.UTC(2024, 0, 21 + dayNumber)).toISOString().slice(0, 10);

function snapshot(ledger: InMemoryLedger) {
  return { certificates: ledger.certificates(), transactions: ledger.transactions() };
}

/** True when every rule but sufficiency holds, so the outcome must depend on the total alone. */
function onlySufficiencyDecides(
  ledger: InMemoryLedger,
  input: OperationInput,
  active: Set<string>,
): boolean {
  const ids = input.originCertificateIds ?? [];
  if (ids.length === 0 || !active.has(input.holderId) || new Set(ids).size !== ids.length)
    return false;
  if (
    input.type === 'Transfer' &&
    (input.toHolderId === input.holderId || !active.has(input.toHolderId ?? ''))
  ) {
    return false;
  }
  return ids.every((id) => {
    const c = ledger.certificate(id);
    return (
      c !== undefined &&
      c.holderId === input.holderId &&
      c.balance > 0n &&
      c.effectiveDate <= input.date &&
      (input.type !== 'Convert to Preferred' || c.classType === 'common')
    );
  });
}

describe('in-memory ledger properties', () => {
  it('never makes a balance negative, moves exactly the shares asked, and keeps class totals = issued − cancelled ± converted', () => {
    let applied = 0;
    const refusals = new Set<LedgerErrorCode>();
    fc.assert(
      fc.property(fc.array(command, { maxLength: 50, size: 'max' }), (commands) => {
        const ledger = createInMemoryLedger();
        const active = new Set(HOLDERS);
        for (const id of HOLDERS) ledger.addHolder(id);
        // Independent accounting from the commands that succeeded.
        const expected = { common: 0n, preferred: 0n };

        for (const [step, cmd] of commands.entries()) {
          const holderId = HOLDERS[cmd.holder] ?? 'h0';
          if (cmd.kind === 'setActive') {
            ledger.setHolderActive(holderId, cmd.active);
            if (cmd.active) active.add(holderId);
            else active.delete(holderId);
            continue;
          }
          const all = ledger.certificates();
          const own = all.filter((c) => c.holderId === holderId && c.balance > 0n);
          const resolve = (p: Pick, i: number, start: number) => {
            if (!p.own) return [all[p.index % Math.max(all.length, 1)]?.id ?? 'none'];
            const id = own[(start + i) % Math.max(own.length, 1)]?.id;
            return id === undefined || i >= own.length ? [] : [id];
          };
          const date = dateOf(step - cmd.backdate);
          const input: OperationInput =
            cmd.kind === 'issue'
              ? {
                  type: 'New Issue',
                  holderId,
                  date,
                  shares: formatAmount(cmd.shares),
                  cost: formatAmount(cmd.cost),
                  classType: cmd.classType,
                }
              : {
                  type:
                    cmd.kind === 'transfer'
                      ? 'Transfer'
                      : cmd.kind === 'convert'
                        ? 'Convert to Preferred'
                        : 'Cancel',
                  holderId,
                  toHolderId: HOLDERS[cmd.to],
                  date,
                  shares: formatAmount(cmd.shares),
                  cost: formatAmount(cmd.cost),
                  reason: 'property test',
                  originCertificateIds: cmd.picks.flatMap((p, i) => resolve(p, i, cmd.start)),
                };
          const available = (input.originCertificateIds ?? []).reduce(
            (sum, id) => sum + (ledger.certificate(id)?.balance ?? 0n),
            0n,
          );
          const decidedBySufficiency =
            cmd.kind !== 'issue' && onlySufficiencyDecides(ledger, input, active);
          const before = snapshot(ledger);
          const figuresBefore = ledger.holderFigures(holderId);
          const toId = input.toHolderId ?? '';
          const recipientBefore = ledger.holderFigures(toId);

          let error: unknown;
          try {
            ledger.apply(input);
          } catch (e) {
            error = e;
          }

          if (error !== undefined) {
            expect(error).toBeInstanceOf(LedgerError);
            refusals.add((error as LedgerError).code);
            expect(snapshot(ledger)).toEqual(before);
            if (decidedBySufficiency) {
              expect(available).toBeLessThan(cmd.shares);
              expect((error as LedgerError).code).toBe('LEDGER.INSUFFICIENT_SHARES');
            }
            continue;
          }

          applied += 1;
          if (decidedBySufficiency) expect(available).toBeGreaterThanOrEqual(cmd.shares);
          const figures = ledger.holderFigures(holderId);
          const shares = cmd.shares;
          switch (cmd.kind) {
            case 'issue':
              expected[cmd.classType] += shares;
              expect(figures[cmd.classType] - figuresBefore[cmd.classType]).toBe(shares);
              break;
            case 'transfer': {
              const recipient = ledger.holderFigures(toId);
              expect(figuresBefore.balance - figures.balance).toBe(shares);
              expect(recipient.balance - recipientBefore.balance).toBe(shares);
              expect(recipient.common - recipientBefore.common).toBe(
                figuresBefore.common - figures.common,
              );
              break;
            }
            case 'convert':
              expected.common -= shares;
              expected.preferred += shares;
              expect(figuresBefore.common - figures.common).toBe(shares);
              expect(figures.preferred - figuresBefore.preferred).toBe(shares);
              break;
            case 'cancel': {
              const commonCancelled = figuresBefore.common - figures.common;
              const preferredCancelled = figuresBefore.preferred - figures.preferred;
              expect(commonCancelled).toBeGreaterThanOrEqual(0n);
              expect(preferredCancelled).toBeGreaterThanOrEqual(0n);
              expect(commonCancelled + preferredCancelled).toBe(shares);
              expected.common -= commonCancelled;
              expected.preferred -= preferredCancelled;
              break;
            }
          }

          const certificates = ledger.certificates();
          for (const c of certificates) expect(c.balance).toBeGreaterThanOrEqual(0n);
          const totals = ledger.classTotals();
          expect(totals).toEqual(expected);

          // The same totals from the transaction log alone.
          const fromLog = { common: 0n, preferred: 0n };
          for (const tx of ledger.transactions()) {
            if (tx.type === 'Issued' || tx.type === 'Cancelled') {
              fromLog[tx.preferred ? 'preferred' : 'common'] += tx.shares;
            } else if (tx.type === 'Converted To Preferred') {
              fromLog.common += tx.shares;
            } else if (tx.type === 'Issued: preferred') {
              fromLog.preferred += tx.shares;
            }
          }
          expect(fromLog).toEqual(totals);
          const byHolder = HOLDERS.map((id) => ledger.holderFigures(id));
          expect(byHolder.reduce((s, f) => s + f.common, 0n)).toBe(totals.common);
          expect(byHolder.reduce((s, f) => s + f.preferred, 0n)).toBe(totals.preferred);
          // Transfers balance out per class: every Transferred row has its Issued: transfer twin.
          const transferNet = { common: 0n, preferred: 0n };
          for (const tx of ledger.transactions()) {
            if (tx.type === 'Transferred' || tx.type === 'Issued: transfer') {
              transferNet[tx.preferred ? 'preferred' : 'common'] += tx.shares;
            }
          }
          expect(transferNet).toEqual({ common: 0n, preferred: 0n });
        }
      }),
      { numRuns: 1000 },
    );
    // Guard against a generator that only ever produces refusals (or only successes).
    expect(applied).toBeGreaterThan(1000);
    expect([...refusals]).toEqual(
      expect.arrayContaining([
        'LEDGER.INSUFFICIENT_SHARES',
        'LEDGER.ORIGIN_NOT_OWNED',
        'LEDGER.ORIGIN_WRONG_CLASS',
        'LEDGER.ORIGIN_DUPLICATE',
        'LEDGER.DATE_BEFORE_ORIGIN',
        'LEDGER.RECIPIENT_IS_SENDER',
        'LEDGER.HOLDER_INACTIVE',
      ]),
    );
  });
});
