// PostgreSQL only. Checklist LED-10, concurrent half: 100 runs under fast-check's scheduler.
// Each run posts 1 to 3 batches of 2 to 4 operations, every batch started all at once in an
// order the scheduler picks, over a pool of connections where row locks decide who waits. The
// batch must be linearizable: some order of it, applied one at a time to the in-memory model,
// gives every operation the same outcome (posted, or the same refusal) and leaves the same
// certificates and holder figures. (A naive read-modify-write posting fails this within a few
// runs.) PGlite runs one transaction at a time, in the order they start, so there this would
// only repeat ledger.model.test.ts; fc.scheduledModelRun cannot drive it either: it runs each
// command to its end before releasing any other scheduled task, so a command that waits for its
// own scheduled operations never ends.
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatAmount, isLedgerError, type OperationInput } from '../../ledger';
// The model is for tests only: it is not part of the ledger's entry point.
import {
  createInMemoryLedger,
  type InMemoryLedger,
} from '../../ledger/test-support/in-memory-ledger';
import type { Db } from '../db/database';
import { createHolder, createOrganization } from '../test-support/fixtures';
import { useTestDatabase } from '../test-support/use-test-database';
import { toHundredths } from './amounts';
import { ledgerInvariants } from './invariants';
import { postOperation } from './post-operation';
import { rows } from '../db/sql';

const HOLDERS = 4;
const DATE = '2024-06-01';

interface World {
  db: Db;
  organizationId: string;
  holders: string[];
  /** Model-side inputs applied so far; the model is their replay. */
  history: OperationInput[];
  model: InMemoryLedger;
  /** Real certificate id by number (numbers are sequential from 1 in both worlds). */
  byNumber: Map<number, string>;
  /** Batches that only an order other than the start order explains. */
  reordered: number;
}

/** 'posted', or the code of the refusal. */
type Outcome = string;

const tryApply = (ledger: InMemoryLedger, input: OperationInput): Outcome => {
  try {
    ledger.apply(input);
    return 'posted';
  } catch (e) {
    if (isLedgerError(e)) return e.code;
    throw e;
  }
};

function replay(world: World, inputs: OperationInput[]): InMemoryLedger {
  const ledger = createInMemoryLedger();
  for (const id of world.holders) ledger.addHolder(id);
  for (const input of inputs) tryApply(ledger, input);
  return ledger;
}

function permutations(n: number): number[][] {
  if (n === 0) return [[]];
  return permutations(n - 1).flatMap((p) =>
    Array.from({ length: n }, (_, i) => [...p.slice(0, i), n - 1, ...p.slice(i)]),
  );
}

/** Certificates and holder figures, in a form both worlds can produce. */
async function realState(world: World) {
  const certificates = await rows<{
    number: number;
    holder_id: string;
    class_type: string;
    balance: string;
    cost: string;
  }>(
    world.db,
    sql`select c.number, c.holder_id, cls.class_type, c.balance::text as balance,
               c.cost::text as cost
          from certificate c join share_class cls on cls.id = c.class_id
         where c.organization_id = ${world.organizationId} order by c.number`,
  );
  const holders = await rows<{ id: string; common_shares: string; preferred_shares: string }>(
    world.db,
    sql`select id, common_shares::text as common_shares,
               preferred_shares::text as preferred_shares
          from shareholder where organization_id = ${world.organizationId}`,
  );
  return {
    certificates: certificates.map((c) => [
      c.number,
      c.holder_id,
      c.class_type,
      toHundredths(c.balance),
      toHundredths(c.cost),
    ]),
    holders: world.holders.map((id) => {
      const h = holders.find((x) => x.id === id)!;
      return [toHundredths(h.common_shares), toHundredths(h.preferred_shares)];
    }),
  };
}

function modelState(world: World, ledger: InMemoryLedger) {
  return {
    certificates: ledger
      .certificates()
      .map((c) => [c.number, c.holderId, c.classType, c.balance, c.cost]),
    holders: world.holders.map((id) => {
      const f = ledger.holderFigures(id);
      return [f.common, f.preferred];
    }),
  };
}

interface OpChoice {
  kind: 'New Issue' | 'Transfer' | 'Convert to Preferred' | 'Cancel';
  holder: number;
  to: number;
  picks: number[];
  shares: number;
}

/** The operation a choice stands for, given the certificates the model holds before the batch. */
function resolve(world: World, c: OpChoice): { model: OperationInput; real: OperationInput } {
  const holderId = world.holders[c.holder]!;
  const own = world.model.certificates(holderId).filter((x) => x.balance > 0n);
  const numbers = [...new Set(c.picks.map((p) => own[p % Math.max(own.length, 1)]?.number))]
    .filter((n): n is number => n !== undefined)
    .slice(0, 2);
  const base = {
    type: c.kind,
    holderId,
    date: DATE,
    shares: formatAmount(BigInt(c.shares) * 100n),
    cost: '1.50',
    reason: 'interleaving test',
  };
  const toHolderId = world.holders[(c.holder + 1 + c.to) % HOLDERS]!;
  if (c.kind === 'New Issue') {
    return { model: base, real: base };
  }
  const extra = c.kind === 'Transfer' ? { toHolderId } : {};
  return {
    model: { ...base, ...extra, originCertificateIds: numbers.map((n) => `cert-${n}`) },
    real: { ...base, ...extra, originCertificateIds: numbers.map((n) => world.byNumber.get(n)!) },
  };
}

const choice: fc.Arbitrary<OpChoice> = fc.record({
  kind: fc.constantFrom('New Issue', 'Transfer', 'Transfer', 'Convert to Preferred', 'Cancel'),
  holder: fc.nat({ max: HOLDERS - 1 }),
  to: fc.nat({ max: HOLDERS - 2 }),
  picks: fc.array(fc.nat({ max: 7 }), { minLength: 1, maxLength: 2 }),
  // Often more than half a certificate, so operations in a batch compete for the same shares.
  shares: fc.integer({ min: 1, max: 80 }),
});

/** Posts one batch under the scheduler, then finds the order that explains what happened. */
async function runBatch(s: fc.Scheduler, world: World, choices: OpChoice[]) {
  const ops = choices.map((c) => resolve(world, c));
  // Each operation starts when the scheduler releases it; none waits for another to finish.
  const startOrder: number[] = [];
  const started = ops.map((op, i) =>
    s.schedule(Promise.resolve(i), `start ${i}`).then(() => {
      startOrder.push(i);
      return database
        .ledgerTransaction((lt) =>
          postOperation(lt, {
            organizationId: world.organizationId,
            input: op.real,
            actor: { userId: 'interleavings', holderId: null },
            commit: true,
          }),
        )
        .then(
          (posted): Outcome => {
            for (const c of posted.certificates) world.byNumber.set(c.number, c.id);
            return 'posted';
          },
          (e: unknown): Outcome => {
            if (isLedgerError(e)) return e.code;
            throw e;
          },
        );
    }),
  );
  await s.waitIdle();
  const outcomes = await Promise.all(started);
  const real = await realState(world);
  // The start order first: when it explains the outcome, the batch may as well have run serially.
  const same = (p: number[]) => p.every((i, k) => i === startOrder[k]);
  const candidates = [startOrder, ...permutations(ops.length).filter((p) => !same(p))];
  const order = candidates.find((p) => {
    const ledger = replay(world, world.history);
    const got = p.map((i) => tryApply(ledger, ops[i]!.model));
    if (!p.every((i, k) => got[k] === outcomes[i])) return false;
    try {
      expect(modelState(world, ledger)).toEqual(real);
      return true;
    } catch {
      return false;
    }
  });
  expect(
    order,
    `no order of ${JSON.stringify(ops.map((o) => o.model))} explains ${JSON.stringify(outcomes)}`,
  ).toBeDefined();
  if (!same(order!)) world.reordered++;
  world.history.push(...order!.map((i) => ops[i]!.model));
  world.model = replay(world, world.history);
}

const database = useTestDatabase();

describe('concurrent batches are linearizable against the model (fast-check scheduler)', () => {
  it('over 100 scheduled runs', async () => {
    const db = database.db;
    let batches = 0;
    let reordered = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.scheduler(),
        fc.array(fc.array(choice, { minLength: 2, maxLength: 4 }), { minLength: 1, maxLength: 3 }),
        async (s, batchChoices) => {
          const { organization } = await createOrganization(db, 'Interleavings, Inc.');
          const holders: string[] = [];
          for (let i = 0; i < HOLDERS; i++) {
            holders.push((await createHolder(db, organization.id, { name: `H${i}` })).id);
          }
          const world: World = {
            db,
            organizationId: organization.id,
            holders,
            history: [],
            model: createInMemoryLedger(),
            byNumber: new Map(),
            reordered: 0,
          };
          // Every holder starts with a common and a preferred certificate, posted in turn.
          for (const [i, holderId] of holders.entries()) {
            for (const classType of ['common', 'preferred'] as const) {
              const input: OperationInput = {
                type: 'New Issue',
                holderId,
                date: '2024-01-01',
                shares: String(60 + 20 * i),
                cost: '1.00',
                classType,
              };
              const posted = await database.ledgerTransaction((lt) =>
                postOperation(lt, {
                  organizationId: organization.id,
                  input,
                  actor: { userId: 'interleavings', holderId: null },
                  commit: true,
                }),
              );
              world.byNumber.set(posted.certificates[0]!.number, posted.certificates[0]!.id);
              world.history.push(input);
            }
          }
          world.model = replay(world, world.history);
          for (const choices of batchChoices) await runBatch(s, world, choices);
          batches += batchChoices.length;
          reordered += world.reordered;
        },
      ),
      { numRuns: 100 },
    );
    console.log(
      `${batches} concurrent batches; ${reordered} explained only by an order other than the one they started in`,
    );
    // The operations did overlap: some batches committed out of their start order.
    expect(reordered).toBeGreaterThan(0);
    expect(await ledgerInvariants(db)).toEqual([]);
  }, 300_000);
});
