// PostgreSQL only (checklist LED-11): the storm can catch a broken ledger. The same 1,000
// concurrent one-share transfers out of a 500-share certificate run against the real posting
// and against a deliberately naive read-modify-write one (test-support/naive-post-operation.ts); the
// checks that pass on the first must fail on the second. PGlite runs one transaction at a time,
// so it cannot lose an update and is left out.
import { beforeAll, describe, expect, it } from 'vitest';
import { isLedgerError, type OperationInput } from '../../ledger';
import type { LedgerTransaction } from '../db/ledger-transaction';
import { useTestDatabase } from '../test-support/use-test-database';
import { naivePostOperation } from '../test-support/naive-post-operation';
import { postOperation } from './post-operation';
import { soundStormVerdict, stormLedger, stormVerdict } from '../test-support/storm';

const TRANSFERS = 1000;
const SHARES = 500;

const database = useTestDatabase();
beforeAll(() => {
  database.pool!.options.max = 20;
  database.pool!.options.connectionTimeoutMillis = 60_000;
});

type Post = (
  lt: LedgerTransaction,
  organizationId: string,
  input: OperationInput,
) => Promise<unknown>;

async function storm(post: Post, name: string) {
  const db = database.db;
  const s = await stormLedger(database, SHARES, name);
  const outcomes = await Promise.all(
    Array.from({ length: TRANSFERS }, (_, i) =>
      database
        .ledgerTransaction((lt) =>
          post(lt, s.organizationId, {
            type: 'Transfer',
            holderId: s.senderId,
            toHolderId: s.recipients[i % s.recipients.length]!,
            date: '2024-02-01',
            shares: '1',
            cost: '2.00',
            originCertificateIds: [s.origin],
          }),
        )
        .then(
          () => 'posted',
          (e: unknown) => (isLedgerError(e) ? e.code : `error: ${String(e)}`),
        ),
    ),
  );
  const count = (what: string) => outcomes.filter((o) => o === what).length;
  return {
    posted: count('posted'),
    insufficient: count('LEDGER.INSUFFICIENT_SHARES'),
    verdict: await stormVerdict(db, s),
  };
}

const actor = { userId: 'storm', holderId: null };

describe('the storm catches a broken ledger (LED-11)', () => {
  it('passes on the real posting: exactly 500 transfers, nothing negative, conservation holds', async () => {
    const r = await storm(
      (lt, organizationId, input) =>
        postOperation(lt, { organizationId, input, actor, commit: true }),
      'Real, Inc.',
    );
    expect(r).toEqual({
      posted: SHARES,
      insufficient: TRANSFERS - SHARES,
      verdict: soundStormVerdict(SHARES, SHARES),
    });
  }, 120_000);

  it('fails on a naive read-modify-write posting: more than 500 spent, a negative journal balance, drift', async () => {
    const r = await storm(
      (lt, organizationId, input) => naivePostOperation(lt.tx, { organizationId, input, actor }),
      'Naive, Inc.',
    );
    console.log('naive storm:', JSON.stringify(r));
    // Exactly-500 fails: requests that read the same balance all spent it.
    expect(r.posted).toBeGreaterThan(SHARES);
    expect(r.verdict.transfers).toBe(r.posted);
    // Non-negative fails: the certificate's journal gave away more than it ever held.
    expect(Number(r.verdict.originFromTransactions)).toBeLessThan(0);
    // Conservation fails: the kept balances no longer equal the journal.
    expect(r.verdict.violations).toEqual(expect.arrayContaining(['certificate_drift']));
    expect(r.verdict.receivedFromTransactions).not.toBe(`${SHARES}.00`);
  }, 120_000);
});
