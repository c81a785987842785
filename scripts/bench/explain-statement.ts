// npm run bench:explain: seeds a scratch database as the bench does and prints EXPLAIN (ANALYZE,
// BUFFERS) of the statement's main query (statement-queries.ts historyOf) for the hot holder, the
// plan docs/decisions/087 quotes, and its median time alone, sent as the app sends it. BENCH_HOLDERS / BENCH_TRANSACTIONS set the shape as for the bench.
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { openPostgres } from '../../src/server/db/open-database';
import { createScratchDatabase } from './scratch-db';
import { seedRegistry } from './seed';
import { renderSql } from '../../src/server/db/sql';
import { historySql } from '../../src/server/features/shareholders/statement-queries';

const holders = Number(process.env.BENCH_HOLDERS ?? 100_000);
const transactions = Number(process.env.BENCH_TRANSACTIONS ?? 1_000_000);
const scratch = await createScratchDatabase();
try {
  const database = openPostgres(scratch.url);
  await database.migrate();
  await database.close();
  const seeded = await seedRegistry(scratch.url, { holders, transactions });
  const client = new pg.Client({ connectionString: scratch.url });
  await client.connect();
  try {
    await client.query('vacuum analyze');
    const app = renderSql(historySql(seeded.hotHolderId, '9999-12-31'));
    const params = app.values;
    // A what-if: another text of the query (a file), timed and explained the same way.
    const variant = process.env.EXPLAIN_SQL_FILE;
    const HISTORY_SQL = variant ? readFileSync(variant, 'utf8') : app.text;
    if (process.env.EXPLAIN_EXTRA_SQL) await client.query(process.env.EXPLAIN_EXTRA_SQL);
    // As a named statement, which PostgreSQL plans once the generic plan proves as cheap as the
    // first five custom ones.
    const named = { name: 'history', text: HISTORY_SQL, values: params };
    for (let i = 0; i < 6; i++) await client.query(named);
    const timings: number[] = [];
    for (let i = 0; i < 9; i += 1) {
      const started = performance.now();
      await client.query(named);
      timings.push(performance.now() - started);
    }
    timings.sort((a, b) => a - b);
    // The plan the app's connection runs: the same text prepared in SQL, past its first five runs.
    await client.query(`prepare history_sql(uuid, date) as ${HISTORY_SQL}`);
    const execute = `execute history_sql('${seeded.hotHolderId}', '9999-12-31')`;
    for (let i = 0; i < 6; i++) await client.query(execute);
    const plan = await client.query(`explain (analyze, buffers) ${execute}`);
    console.log(plan.rows.map((r: { 'QUERY PLAN': string }) => r['QUERY PLAN']).join('\n'));
    console.log(
      `\nhistory of the ${seeded.hotTransactions}-transaction holder: median ${timings[4]!.toFixed(1)} ms alone (9 runs after 6 warm-ups)`,
    );
  } finally {
    await client.end();
  }
} finally {
  await scratch.drop();
}
