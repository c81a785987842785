import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** Where the scratch database lives: the server's maintenance database (trust auth). */
export const BENCH_SERVER_URL =
  process.env.BENCH_DATABASE_SERVER_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

export interface ScratchDatabase {
  name: string;
  url: string;
  /** Drops the database, closing whatever is still connected to it. Idempotent. */
  drop(): Promise<void>;
}

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: BENCH_SERVER_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Creates registry_bench_<random> on the bench server; the name is safe to splice (hex only). */
export async function createScratchDatabase(): Promise<ScratchDatabase> {
  const name = `registry_bench_${randomBytes(5).toString('hex')}`;
  await withAdmin((client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(BENCH_SERVER_URL);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      if (dropped) return;
      dropped = true;
      await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
