import { randomUUID } from 'node:crypto';
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
import type { Database } from '../db/open-database';
import { createHolder, createOrganization } from '../test-support/fixtures';
import { useTestDatabase } from '../test-support/use-test-database';
import { toHundredths, toTenThousandths } from './amounts';
import { ledgerInvariants } from './invariants';
import { postOperation, type PostedOperation } from './post-operation';
import { rows } from '../db/sql';
import {
  hundredths,
  referenceApply,
  type Reference,
  type ReferenceInput,
} from '../test-support/ledger-reference-model';

// Checklist LED-10: random issue / transfer / convert / cancel / read sequences against the real
// database equal the in-memory model (createInMemoryLedger), with ledger_invariants() empty.
// That model decides with the same planOperation as the database code, so it cannot catch a
// wrong rule; the reference below re-states the rules and their effects independently, and
// every outcome and every certificate is checked against it too.

/** The last holder is inactive. */
const HOLDERS = 5;
const DATES = ['2024-01-01', '2024-01-02', '2024-01-03', '2024-01-05', '2024-02-01'];

interface Model {
  ledger: InMemoryLedger;
  holders: string[];
  reference: Reference;
}

/** The model's input in the reference's terms (the model's ledger only maps ids to numbers). */
function toReference(model: Model, input: OperationInput): ReferenceInput {
  const index = (id: string | null | undefined) => {
    const i = id ? model.holders.indexOf(id) : -1;
    return i < 0 ? null : i;
  };
  return {
    type: input.type,
    holder: index(input.holderId)!,
    to: index(input.toHolderId),
    date: input.date,
    shares: hundredths(input.shares),
    cost: hundredths(input.cost),
    reason: input.reason ?? '',
    classType: input.classType ?? 'common',
    origins: (input.originCertificateIds ?? []).map(
      (id) => model.ledger.certificate(id)?.number ?? 'missing',
    ),
  };
}
interface Real {
  db: Db;
  database: Database;
  organizationId: string;
  holders: string[];
  /** Certificate id by number (numbers are sequential from 1 in both worlds). */
  byNumber: Map<number, string>;
}

type Outcome = { ok: PostedOperation } | { code: string; field: string | undefined };

interface Pick {
  own: boolean;
  i: number;
}

/**
 * Picks the same certificates in both worlds: mostly the holder's own, sometimes anyone's; an
 * index past the end is a missing certificate.
 */
function origins(model: Model, real: Real, holder: number, picks: Pick[]) {
  const missing = randomUUID();
  const chosen = picks.map(({ own, i }) => {
    const list = model.ledger.certificates(own ? model.holders[holder] : undefined);
    return list[i % (list.length + (own ? 0 : 1))] ?? null;
  });
  // The holder's own picks stay distinct; deliberate duplicates come from the mixed picks.
  if (picks.every((p) => p.own)) {
    const distinct = [...new Set(chosen)];
    chosen.splice(0, chosen.length, ...distinct);
  }
  return {
    model: chosen.map((c) => c?.id ?? missing),
    real: chosen.map((c) => (c ? real.byNumber.get(c.number)! : missing)),
  };
}

async function both(model: Model, real: Real, input: OperationInput, realInput: OperationInput) {
  const reference = toReference(model, input);
  const referenceOutcome = referenceApply(model.reference, reference);
  let expected: Outcome;
  try {
    model.ledger.apply(input);
    expected = { ok: undefined as never };
  } catch (e) {
    if (!isLedgerError(e)) throw e;
    expected = { code: e.code, field: e.field };
  }
  let actual: Outcome;
  try {
    actual = {
      ok: await real.database.ledgerTransaction((lt) =>
        postOperation(lt, {
          organizationId: real.organizationId,
          input: realInput,
          actor: { userId: 'model', holderId: null },
          commit: true,
        }),
      ),
    };
  } catch (e) {
    if (!isLedgerError(e)) throw e;
    actual = { code: e.code, field: e.field };
  }
  expect('code' in expected ? expected.code : 'posted').toBe(referenceOutcome);
  if ('code' in expected) {
    expect(actual).toEqual(expected);
    return;
  }
  expect('ok' in actual ? 'ok' : actual).toBe('ok');
  const posted = (actual as { ok: PostedOperation }).ok;
  for (const c of posted.certificates) real.byNumber.set(c.number, c.id);
  // The created certificates and entries match the model's newest ones.
  const modelCerts = model.ledger.certificates().slice(-posted.certificates.length || undefined);
  if (posted.certificates.length > 0) {
    expect(posted.certificates.map((c) => [c.number, c.classType, c.cost])).toEqual(
      modelCerts.map((c) => [c.number, c.classType, formatAmount(c.cost)]),
    );
  }
  const modelTxs = model.ledger.transactions().slice(-posted.transactions.length);
  expect(posted.transactions.map((t) => [t.type, t.shares, t.cost])).toEqual(
    modelTxs.map((t) => [t.type, formatAmount(t.shares), formatAmount(t.cost)]),
  );
}

async function compareState(model: Model, real: Real) {
  const holders = await rows<{
    id: string;
    common_shares: string;
    preferred_shares: string;
    balance: string;
    held_cost: string;
  }>(
    real.db,
    sql`select id, common_shares::text, preferred_shares::text, balance::text, held_cost::text
          from shareholder where organization_id = ${real.organizationId}`,
  );
  for (const [i, id] of real.holders.entries()) {
    const h = holders.find((x) => x.id === id)!;
    const f = model.ledger.holderFigures(model.holders[i]!);
    expect([h.common_shares, h.preferred_shares, h.balance].map(toHundredths)).toEqual([
      f.common,
      f.preferred,
      f.balance,
    ]);
    const balance = toHundredths(h.balance);
    const cps =
      balance === 0n ? 0n : (toTenThousandths(h.held_cost) * 2n + balance) / (2n * balance);
    expect(cps).toBe(f.costPerShare);
  }
  const certs = await rows<{
    number: number;
    balance: string;
    cost: string;
    class_type: string;
    holder_id: string;
  }>(
    real.db,
    sql`select c.number, c.balance::text, c.cost::text, cls.class_type, c.holder_id
          from certificate c join share_class cls on cls.id = c.class_id
         where c.organization_id = ${real.organizationId} order by c.number`,
  );
  expect(certs.map((c) => [c.number, toHundredths(c.balance)])).toEqual(
    model.ledger.certificates().map((c) => [c.number, c.balance]),
  );
  expect(
    certs.map((c) => [
      c.number,
      real.holders.indexOf(c.holder_id),
      c.class_type,
      toHundredths(c.balance),
      toHundredths(c.cost),
    ]),
  ).toEqual(
    model.reference.certificates.map((c) => [c.number, c.holder, c.classType, c.balance, c.cost]),
  );
}

const shares = fc.integer({ min: 1, max: 30_000 }).map((n) => formatAmount(BigInt(n)));
const some = fc.integer({ min: 1, max: 6_000 }).map((n) => formatAmount(BigInt(n)));
const cost = fc.integer({ min: 0, max: 2_000 }).map((n) => formatAmount(BigInt(n)));
const holderIx = fc.oneof(
  { arbitrary: fc.nat({ max: HOLDERS - 2 }), weight: 12 },
  { arbitrary: fc.constant(HOLDERS - 1), weight: 1 },
);
const laterDate = fc.oneof(
  { arbitrary: fc.constant(DATES.at(-1)!), weight: 4 },
  { arbitrary: fc.constantFrom(...DATES), weight: 1 },
);
const date = fc.constantFrom(...DATES);
const picks = fc.oneof(
  {
    arbitrary: fc.uniqueArray(
      fc.nat({ max: 30 }).map((i) => ({ own: true, i })),
      { minLength: 1, maxLength: 3, selector: (p) => p.i },
    ),
    weight: 8,
  },
  {
    arbitrary: fc.array(fc.record({ own: fc.boolean(), i: fc.nat({ max: 30 }) }), {
      minLength: 1,
      maxLength: 3,
    }),
    weight: 2,
  },
);

type Cmd = fc.AsyncCommand<Model, Real>;
const command = (label: string, run: (m: Model, r: Real) => Promise<void>): Cmd => ({
  check: () => true,
  run,
  toString: () => label,
});

const issue = fc.record({ h: holderIx, shares, cost, date, preferred: fc.boolean() }).map((a) =>
  command(`issue ${JSON.stringify(a)}`, (m, r) => {
    const input = (holderId: string): OperationInput => ({
      type: 'New Issue',
      holderId,
      date: a.date,
      shares: a.shares,
      cost: a.cost,
      classType: a.preferred ? 'preferred' : 'common',
    });
    return both(m, r, input(m.holders[a.h]!), input(r.holders[a.h]!));
  }),
);

/** What an operation that takes shares from origins names besides, given the holders' ids. */
type Besides = (hs: string[]) => Omit<OperationInput, 'holderId' | 'date' | 'shares'>;

/**
 * A command by holder `holder` that takes `a.shares` on `a.date` from the origins `a.picks`
 * picks alike in both worlds.
 */
const fromOrigins = (
  label: string,
  a: { picks: Pick[]; shares: string; date: string },
  holder: number,
  besides: Besides,
) =>
  command(`${label} ${JSON.stringify(a)}`, (m, r) => {
    const o = origins(m, r, holder, a.picks);
    const input = (hs: string[], ids: string[]): OperationInput => ({
      ...besides(hs),
      holderId: hs[holder]!,
      date: a.date,
      shares: a.shares,
      originCertificateIds: ids,
    });
    return both(m, r, input(m.holders, o.model), input(r.holders, o.real));
  });

const transfer = fc
  .record({
    from: holderIx,
    offset: fc.oneof(
      { arbitrary: fc.integer({ min: 1, max: HOLDERS - 1 }), weight: 9 },
      { arbitrary: fc.constant(0), weight: 1 },
    ),
    picks,
    shares: some,
    cost,
    date: laterDate,
  })
  .map((a) =>
    fromOrigins('transfer', a, a.from, (hs) => ({
      type: 'Transfer',
      toHolderId: hs[(a.from + a.offset) % HOLDERS]!,
      cost: a.cost,
    })),
  );

const convert = fc
  .record({ h: holderIx, picks, shares: some, date: laterDate })
  .map((a) => fromOrigins('convert', a, a.h, () => ({ type: 'Convert to Preferred' })));

const cancel = fc
  .record({
    h: holderIx,
    picks,
    shares: some,
    date: laterDate,
    reason: fc.constantFrom('repurchase', 'repurchase', 'repurchase', ''),
  })
  .map((a) => fromOrigins('cancel', a, a.h, () => ({ type: 'Cancel', reason: a.reason })));

const read = fc.constant(command('read', compareState));

const database = useTestDatabase();

describe('the database ledger equals the in-memory model', () => {
  it('over random operation sequences (200 runs × ≤ 50 commands)', async () => {
    const db = database.db;
    await fc.assert(
      fc.asyncProperty(
        fc.commands([issue, transfer, transfer, transfer, convert, convert, cancel, read], {
          maxCommands: 50,
          size: 'max',
        }),
        async (cmds) => {
          const { organization } = await createOrganization(db, 'Model, Inc.');
          const holders: string[] = [];
          for (let i = 0; i < HOLDERS; i++) {
            holders.push(
              (
                await createHolder(db, organization.id, {
                  name: `H${i}`,
                  active: i !== HOLDERS - 1,
                })
              ).id,
            );
          }
          const ledger = createInMemoryLedger();
          holders.forEach((id, i) => ledger.addHolder(id, i !== HOLDERS - 1));
          const reference: Reference = {
            active: holders.map((_, i) => i !== HOLDERS - 1),
            certificates: [],
          };
          const model: Model = { ledger, holders, reference };
          const real: Real = {
            db,
            database,
            organizationId: organization.id,
            holders,
            byNumber: new Map(),
          };
          await fc.asyncModelRun(() => ({ model, real }), cmds);
          await compareState(model, real);
        },
      ),
      { numRuns: 200 },
    );
    expect(await ledgerInvariants(db)).toEqual([]);
    // The runs exercised every operation, partial ones included, not only refusals. The runs are
    // random (about 40 conversions and 50 cancellations a time): the floor is far below that.
    const posted = await rows<{ type: string; n: number }>(
      db,
      sql`select type, count(*)::int as n from share_transaction group by type`,
    );
    console.log('model-based run, transactions by type:', JSON.stringify(posted));
    for (const type of ['Issued', 'Issued: transfer', 'Converted To Preferred', 'Cancelled']) {
      expect(posted.find((p) => p.type === type)?.n ?? 0).toBeGreaterThanOrEqual(10);
    }
  }, 600_000);
});
