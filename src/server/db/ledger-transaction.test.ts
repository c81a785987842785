import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Db } from './database';
import { AppError } from '../http/app-error';
import {
  MAX_ATTEMPTS,
  isRetryable,
  retryDelayMs,
  sequentialLedgerTransactions,
} from './ledger-transaction';

// Checklist DUR-05 without a database: a stand-in whose transaction fails as PostgreSQL would.
// The same path against a real database (an injected 40001 / 40P01 through the API, nothing
// written, key released) is in features/transactions/transaction-routes.test.ts.

const pgError = (code: string) => Object.assign(new Error(`pg ${code}`), { code });
/** Drizzle wraps the driver's error: the SQLSTATE is on the cause. */
const wrapped = (code: string) =>
  Object.assign(new Error('Failed query'), { cause: pgError(code) });

function failingDb(failures: Error[]) {
  let calls = 0;
  const db = {
    transaction: async (work: (tx: unknown) => Promise<unknown>) => {
      const failure = failures[calls++];
      if (failure !== undefined) throw failure;
      return work({});
    },
  };
  return { run: sequentialLedgerTransactions(db as unknown as Db), calls: () => calls };
}

afterEach(() => vi.restoreAllMocks());

describe('ledgerTransaction retries', () => {
  it.each(['40001', '40P01'])(
    'retries %s at most MAX_ATTEMPTS times with growing jittered pauses, then DB.BUSY',
    async (code) => {
      const { run, calls } = failingDb(Array.from({ length: 10 }, () => wrapped(code)));
      const pauses: number[] = [];
      const retries: number[] = [];
      const error: unknown = await run(async () => 'never', {
        sleep: async (ms) => void pauses.push(ms),
        onRetry: (attempt) => retries.push(attempt),
      }).catch((e: unknown) => e);
      expect(MAX_ATTEMPTS).toBe(5);
      expect(calls()).toBe(5);
      expect(retries).toEqual([1, 2, 3, 4]);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ code: 'DB.BUSY', details: { attempts: '5' } });
      // Each pause lies under its exponential cap: 20, 40, 80, 160 ms.
      expect(pauses).toHaveLength(4);
      pauses.forEach((ms, i) => {
        expect(ms).toBeGreaterThanOrEqual(0);
        expect(ms).toBeLessThan(10 * 2 ** (i + 1));
      });
    },
  );

  it('draws each pause at random under the cap (full jitter)', () => {
    expect([1, 2, 3, 4].map((a) => retryDelayMs(a, () => 0.5))).toEqual([10, 20, 40, 80]);
    expect([1, 2, 3, 4].map((a) => retryDelayMs(a, () => 0))).toEqual([0, 0, 0, 0]);
    expect(retryDelayMs(4, () => 0.999)).toBeCloseTo(159.84, 5);
    const drawn = new Set(Array.from({ length: 50 }, () => retryDelayMs(3)));
    expect(drawn.size).toBeGreaterThan(40);
  });

  it('returns the result of the first attempt that commits', async () => {
    const { run, calls } = failingDb([pgError('40001'), wrapped('40P01')]);
    const result = await run(async () => 'committed', {
      sleep: async () => undefined,
    });
    expect(result).toBe('committed');
    expect(calls()).toBe(3);
  });

  it('does not retry any other error', async () => {
    for (const failure of [pgError('23514'), pgError('57014'), new Error('boom')]) {
      const { run, calls } = failingDb([failure, failure]);
      await expect(run(async () => 'x', { sleep: async () => undefined })).rejects.toBe(failure);
      expect(calls()).toBe(1);
    }
  });

  it('finds the SQLSTATE anywhere in a short cause chain', () => {
    expect(isRetryable({ cause: { cause: { code: '40P01' } } })).toBe(true);
    expect(isRetryable({ code: '40002' })).toBe(false);
    expect(isRetryable(null)).toBe(false);
  });
});
