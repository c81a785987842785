// PostgreSQL only (run when TEST_DATABASE_URL is set): what database.ledgerTransaction relies on there.
// Statements given together leave in one round trip and are answered in order; BEGIN goes with
// the first, COMMIT with the last; a failure says whether COMMIT took; a
// precondition that does not hold stops the attempt with nothing written.
import { sql } from 'drizzle-orm';
import { Socket } from 'node:net';
import { Duplex } from 'node:stream';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/open-database';
import { createTestDatabase } from '../test-support/test-database';
import {
  isPreconditionFailed,
  PipelinedTransaction,
  PreconditionFailed,
} from './pipelined-transaction';
import { rows } from './sql';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  await database.pool!.query('create table probe (id int primary key, note text not null)');
});

beforeEach(async () => {
  await database.pool!.query('truncate probe');
});

afterAll(async () => {
  await database.close();
});

const insert = (id: number, note = `row ${id}`) =>
  sql`insert into probe (id, note) values (${id}, ${note}) returning id`;
const count = sql`select count(*)::int as n from probe`;
const committedCount = async () =>
  (await database.pool!.query<{ n: number }>('select count(*)::int as n from probe')).rows[0]!.n;

/**
 * A stream of our own, given to pg through its `stream` option, in front of a real socket; it
 * counts round trips: a run of writes answered by the server. Statements sent without waiting
 * are all written before the first answer can arrive (answers come in on a later turn).
 */
class RoundTripStream extends Duplex {
  roundTrips = 0;
  #awaiting = false;
  readonly #socket = new Socket();
  constructor() {
    super();
    this.#socket.on('data', (data: Buffer) => {
      this.#awaiting = false;
      this.push(data);
    });
    this.#socket.once('connect', () => this.emit('connect'));
    this.#socket.once('end', () => this.push(null));
    this.#socket.once('close', () => this.destroy());
    this.#socket.on('error', (err) => this.destroy(err));
  }
  connect(port: number, host: string): this {
    this.#socket.connect(port, host);
    return this;
  }
  setNoDelay(on: boolean): this {
    this.#socket.setNoDelay(on);
    return this;
  }
  override _write(chunk: Buffer, _encoding: string, done: (err?: Error) => void): void {
    if (!this.#awaiting) this.roundTrips++;
    this.#awaiting = true;
    this.#socket.write(chunk);
    done();
  }
  override _read(): void {}
  override _final(done: () => void): void {
    this.#socket.end(done);
  }
  override _destroy(err: Error | null, done: (err: Error | null) => void): void {
    this.#socket.destroy();
    done(err);
  }
}

/** Runs `work` on a connection (pg's pipeline mode, as the pool's) whose round trips are counted. */
async function onCountedConnection(
  work: (c: { client: pg.PoolClient; writes: () => number }) => Promise<void>,
) {
  let socket: RoundTripStream | undefined;
  const pool = new pg.Pool({
    connectionString: database.pool!.options.connectionString,
    pipeline: true,
    max: 1,
    stream: () => (socket = new RoundTripStream()),
  });
  const client = await pool.connect();
  // Connecting took its own round trips: count from here.
  const start = socket!.roundTrips;
  try {
    await work({ client, writes: () => socket!.roundTrips - start });
  } finally {
    client.release();
    await pool.end();
  }
}

describe('PipelinedTransaction', () => {
  it('sends BEGIN and the statements given together in one round trip, answered in order', async () => {
    await onCountedConnection(async (c) => {
      const t = new PipelinedTransaction(c.client);
      const answers = await t.send([insert(1), insert(2), count]);
      expect(c.writes()).toBe(1);
      expect(answers).toEqual([[{ id: 1 }], [{ id: 2 }], [{ n: 2 }]]);
      // Not committed yet: another connection sees nothing.
      expect(await committedCount()).toBe(0);
      await t.rollback();
      expect(await committedCount()).toBe(0);
    });
  });

  it.each([
    { case: 'after a first flight', before: [1], last: 2 },
    { case: 'with BEGIN when nothing went before', before: [], last: 1 },
  ])('sends the last statements and COMMIT in one round trip, $case', async ({ before, last }) => {
    await onCountedConnection(async (c) => {
      const t = new PipelinedTransaction(c.client);
      if (before.length > 0) await t.send(before.map((id) => insert(id)));
      const written = c.writes();
      const inside = await t.commitWith([insert(last), count]);
      expect(c.writes() - written).toBe(1);
      expect(inside).toEqual([[{ id: last }], [{ n: last }]]);
      expect(t.ended).toBe(true);
      expect(await committedCount()).toBe(last);
    });
  });

  it('sends BEGIN with the first statement of its drizzle handle, in one round trip', async () => {
    await onCountedConnection(async (c) => {
      const t = new PipelinedTransaction(c.client);
      expect(await rows(t.tx, insert(7))).toEqual([{ id: 7 }]);
      expect(c.writes()).toBe(1);
      expect(await rows(t.tx, count)).toEqual([{ n: 1 }]);
      await t.commit();
      expect(await committedCount()).toBe(1);
    });
  });

  it('sends nothing at all for a transaction that sent nothing', async () => {
    await onCountedConnection(async (c) => {
      const t = new PipelinedTransaction(c.client);
      await t.commit();
      await t.rollback();
      expect(t.ended).toBe(true);
      expect(c.writes()).toBe(0);
    });
  });

  it('rejects with the first failure once all have answered; a rollback leaves nothing', async () => {
    await onCountedConnection(async (c) => {
      const t = new PipelinedTransaction(c.client);
      const failure = await t.send([insert(1), insert(1), insert(2)]).catch((e: unknown) => e);
      expect(failure).toMatchObject({ code: '23505', committed: false });
      await t.rollback();
      expect(await committedCount()).toBe(0);
      // The connection is back outside any transaction, usable.
      expect((await c.client.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    });
  });

  it('says COMMIT did not take when a statement of the last flight fails', async () => {
    await onCountedConnection(async (c) => {
      const t = new PipelinedTransaction(c.client);
      const failed = await t.commitWith([insert(1), insert(1)]).catch((e: unknown) => e);
      expect(failed).toMatchObject({ code: '23505', committed: false });
      expect(await committedCount()).toBe(0);
    });
  });
});

describe('database.ledgerTransaction on PostgreSQL', () => {
  it('runs the precondition ahead of BEGIN, in the same round trip, and goes on when it holds', async () => {
    const result = await database.ledgerTransaction(
      async (lt) => {
        const [inserted] = await lt.send([insert(2)]);
        return inserted;
      },
      { precondition: { statement: insert(1, 'claim'), holds: (r) => r.length === 1 } },
    );
    expect(result).toEqual([{ id: 2 }]);
    expect(await committedCount()).toBe(2);
  });

  it('stops with PreconditionFailed and writes nothing of the attempt when it does not hold', async () => {
    await database.pool!.query(`insert into probe values (1, 'taken')`);
    let reached = false;
    const failure = await database
      .ledgerTransaction(
        async (lt) => {
          await lt.send([insert(2)]);
          reached = true;
        },
        {
          precondition: {
            statement: sql`insert into probe values (1, 'claim') on conflict do nothing returning id`,
            holds: (r) => r.length === 1,
          },
        },
      )
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(PreconditionFailed);
    expect(reached).toBe(false);
    expect(await committedCount()).toBe(1);
  });

  it("fails with the precondition statement's own error, and knows a wrapped PreconditionFailed", async () => {
    let asked = false;
    const failure = await database
      .ledgerTransaction(async () => 'never', {
        precondition: {
          statement: sql`select 1 / 0`,
          holds: () => (asked = true),
        },
      })
      .catch((e: unknown) => e);
    expect(failure).toMatchObject({ code: '22012' });
    expect(asked).toBe(false);
    expect(
      isPreconditionFailed(new Error('query failed', { cause: new PreconditionFailed() })),
    ).toBe(true);
    expect(isPreconditionFailed(failure)).toBe(false);
  });

  it('returns the connection to the pool after each outcome', async () => {
    const pool = database.pool as pg.Pool;
    await database.ledgerTransaction((lt) => lt.send([insert(1)]));
    await database
      .ledgerTransaction(async (lt) => {
        await lt.send([insert(2)]);
        throw new Error('refused');
      })
      .catch(() => undefined);
    expect(pool.totalCount - pool.idleCount).toBe(0);
    expect(await committedCount()).toBe(1);
  });
});
