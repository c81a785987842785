import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rows } from '../db/sql';
import type { TestApp } from './test-app';

/** POST /api/v1/transactions as a test sends it (a fresh Idempotency-Key unless given one). */
export const transactionPoster =
  (t: TestApp) =>
  (headers: Record<string, string>, payload: unknown, key: string | null = randomUUID()) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/transactions',
      headers: { ...headers, ...(key === null ? {} : { 'idempotency-key': key }) },
      payload: payload as Record<string, unknown>,
    });

/** How many operations the ledger holds (all organizations). */
export const operationCount = async (t: TestApp) =>
  Number(
    (
      await rows<{ n: string }>(
        t.database.db,
        sql`select count(*)::text as n from ledger_operation`,
      )
    )[0]!.n,
  );
