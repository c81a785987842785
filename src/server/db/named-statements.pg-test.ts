// PostgreSQL only (run when TEST_DATABASE_URL is set): statements with values are prepared once
// per connection (pg's named statements) and reused; statements without stay unnamed; the number
// kept per connection is bounded.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test-support/test-database';
import type { Database } from './open-database';
import { MAX_PREPARED_PER_CONNECTION, named } from './named-statements';

let database: Database;
let client: pg.PoolClient;

beforeAll(async () => {
  database = await createTestDatabase();
  client = await database.pool!.connect();
});

afterAll(async () => {
  client.release();
  await database.close();
});

/** What this connection has prepared, read without parameters (so not itself prepared). */
const preparedHere = async () =>
  (
    await client.query<{ name: string; statement: string }>(
      'select name, statement from pg_prepared_statements',
    )
  ).rows;

const run = (text: string, values?: unknown[]) => client.query(named(client, { text, values }));

describe('named statements', () => {
  it('prepares a statement with values once and reuses it for new values', async () => {
    const text = 'select $1::int + 1 as next';
    const answers = [];
    for (const n of [1, 2, 3, 4]) answers.push((await run(text, [n])).rows[0]);

    expect(answers).toEqual([{ next: 2 }, { next: 3 }, { next: 4 }, { next: 5 }]);
    const same = (await preparedHere()).filter((p) => p.statement === text);
    expect(same).toHaveLength(1);
    expect(same[0]!.name).toMatch(/^s[\w-]{27}$/);
  });

  it('leaves statements without values, and named ones, as they are', async () => {
    await run('select 41 + 1 as answer');
    await client.query(
      named(client, { name: 'chosen-by-caller', text: 'select $1::text as echo', values: ['x'] }),
    );

    const prepared = await preparedHere();
    expect(prepared.some((p) => p.statement === 'select 41 + 1 as answer')).toBe(false);
    expect(prepared.filter((p) => p.statement === 'select $1::text as echo')).toEqual([
      { name: 'chosen-by-caller', statement: 'select $1::text as echo' },
    ]);
  });

  it(`keeps at most ${MAX_PREPARED_PER_CONNECTION} per connection and runs the rest unnamed`, async () => {
    for (let i = 0; i < MAX_PREPARED_PER_CONNECTION + 5; i++) {
      const { rows } = await run(`select $1::int * ${i} as product`, [2]);
      expect(rows[0]).toEqual({ product: 2 * i });
    }
    const kept = (await preparedHere()).filter((p) => /^s[\w-]{27}$/.test(p.name));
    expect(kept).toHaveLength(MAX_PREPARED_PER_CONNECTION);
  });
});
