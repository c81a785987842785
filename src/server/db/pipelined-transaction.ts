import type { SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Tx } from './database';
import { named } from './named-statements';
import { inCauses, renderSql } from './sql';

/** Dates, times and intervals stay strings, as drizzle returns them (its node-postgres session). */
const KEPT_AS_TEXT = new Set([1082, 1083, 1114, 1115, 1182, 1184, 1185, 1186, 1187, 1231]);
const types = {
  getTypeParser: (oid: number, format?: 'text' | 'binary'): ((value: string) => unknown) =>
    KEPT_AS_TEXT.has(oid)
      ? (value: string) => value
      : (pg.types.getTypeParser(oid, format) as (value: string) => unknown),
};

/** A statement run ahead of a transaction, outside it, whose rows must satisfy `holds`. */
export interface Precondition {
  statement: SQL;
  holds: (rows: unknown[]) => boolean;
}

/** The precondition of a ledger transaction did not hold: nothing of the attempt was written. */
export class PreconditionFailed extends Error {
  constructor() {
    super('the precondition of the ledger transaction did not hold');
  }
}

export function checkPrecondition(precondition: Precondition, rows: unknown[]): void {
  if (!precondition.holds(rows)) throw new PreconditionFailed();
}

/** True for PreconditionFailed, also when a driver wrapped it (as its `cause`). */
export const isPreconditionFailed = (err: unknown): boolean =>
  inCauses(err, (e) => e instanceof PreconditionFailed);

const BEGIN = 'begin';
const COMMIT = 'commit';

/**
 * One ledger transaction on one pooled PostgreSQL connection in pg's pipeline mode (the pool's
 * `pipeline: true`): statements given together are sent without waiting for each other's answer
 * and answered in order, so BEGIN travels with the first statements and COMMIT with the last.
 * On this machine a round trip costs more CPU than the statements themselves (decision 030).
 *
 * `tx` is a drizzle handle on the same connection, for code that sends one statement at a time;
 * its first statement carries the BEGIN as well.
 */
export class PipelinedTransaction {
  /** BEGIN is owed until the first statement goes out. */
  #begun = false;
  #ended = false;
  readonly tx: Tx;

  constructor(
    private readonly client: pg.PoolClient,
    /** Sent ahead of BEGIN, with the first statements. */
    private readonly precondition?: Precondition,
  ) {
    const connection = {
      query: (config: pg.QueryConfig, values?: unknown[]) => this.#one(config, values),
    };
    this.tx = drizzle({ client: connection as unknown as pg.PoolClient }) as unknown as Tx;
  }

  /** True once COMMIT (or ROLLBACK) has been sent: the connection is outside any transaction. */
  get ended(): boolean {
    return this.#ended;
  }

  /** Runs the statements in order inside the transaction, in one round trip; every one's rows. */
  async send(statements: SQL[]): Promise<unknown[][]> {
    return this.#flight(statements.map(renderSql));
  }

  /**
   * The transaction's last statements and COMMIT, in one round trip; their rows. Rejects with the
   * first failure; `committed` on the error says whether COMMIT took.
   */
  async commitWith(statements: SQL[]): Promise<unknown[][]> {
    // A precondition is checked before anything can commit; without one, BEGIN goes with these.
    if (!this.#begun && this.precondition) await this.#write([]);
    return this.#flight(statements.map(renderSql), true);
  }

  /**
   * COMMIT, if the transaction is still open. When nothing was sent, there is nothing to commit,
   * but a precondition is still sent and checked.
   */
  async commit(): Promise<void> {
    if (!this.#begun && !this.precondition) {
      this.#ended = true;
      return;
    }
    if (!this.#begun) await this.#write([]);
    if (!this.#ended) await this.#flight([], true);
  }

  /** ROLLBACK, if the transaction is still open. */
  async rollback(): Promise<void> {
    if (!this.#begun || this.#ended) return;
    this.#ended = true;
    await this.client.query('rollback');
  }

  async #one(config: pg.QueryConfig, values?: unknown[]): Promise<pg.QueryResult> {
    const statement = { ...config, values: values ?? config.values ?? [] };
    if (this.#begun) return this.client.query(named(this.client, { types, ...statement }));
    return (await this.#write([statement]))[0]!;
  }

  async #flight(statements: pg.QueryConfig[], commit = false): Promise<unknown[][]> {
    const results = await this.#write(
      [...statements, ...(commit ? [{ text: COMMIT }] : [])],
      commit,
    );
    return results.slice(0, statements.length).map((r) => r.rows as unknown[]);
  }

  /**
   * Writes the precondition and BEGIN if owed, then the statements, in one go; waits for every
   * answer. A precondition that does not hold throws PreconditionFailed.
   */
  async #write(statements: pg.QueryConfig[], ends = false): Promise<pg.QueryResult[]> {
    if (this.#ended) throw new Error('the ledger transaction has already ended');
    const head: pg.QueryConfig[] = this.#begun
      ? []
      : [...(this.precondition ? [renderSql(this.precondition.statement)] : []), { text: BEGIN }];
    const all = [...head, ...statements];
    const skipped = head.length;
    this.#begun = true;
    if (ends) this.#ended = true;
    // Not awaited one by one: pg sends each at once (node-postgres.com/features/pipelining).
    const pending = all.map((s) => this.client.query(named(this.client, { types, ...s })));
    const settled = await Promise.allSettled(pending);
    // The precondition's answer comes first: a statement failing after it does not hide that
    // it did not hold.
    const answered = this.precondition && skipped === 2 ? settled[0]! : undefined;
    if (answered?.status === 'fulfilled')
      checkPrecondition(this.precondition!, answered.value.rows);
    const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
    if (failed) {
      const commitIndex = ends ? all.findIndex((s) => s.text === COMMIT) : -1;
      // COMMIT after a failed statement answers ROLLBACK: it took only if all before it did.
      const committed =
        commitIndex >= 0 &&
        settled.slice(0, commitIndex + 1).every((s) => s.status === 'fulfilled');
      throw Object.assign(failed.reason as Error, { committed });
    }
    return settled.slice(skipped).map((s) => (s as PromiseFulfilledResult<pg.QueryResult>).value);
  }
}
