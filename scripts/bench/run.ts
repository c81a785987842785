// The benchmark (issue 4, "Scale and speed"): seeds a large registry in a scratch PostgreSQL
// database, starts the real app and a bare node:http + pg handler on it, and measures both with
// autocannon in the same run. Method: docs/decisions/030-benchmark.md.
// Its settings and exit codes: `npm run bench -- --help` (scripts/bench.ts).
import { DEFAULT_TIME_ZONE, todayIn } from '../../src/ledger';
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import pg from 'pg';
import { openPostgres } from '../../src/server/db/open-database';
import { named } from '../../src/server/db/named-statements';
import { measureAlternating, type CannonRequest, type LoadSpec } from './load';
import { failures, ratio, table, type Row } from './report';
import { createScratchDatabase, type ScratchDatabase } from './scratch-db';
import {
  BULK_ROWS,
  DATA_CONTACTS,
  DATA_TENANTS,
  dataQueryRequest,
  seedDataLayer,
  timeBulkCreates,
} from './data-layer';
import { exportLine, measureExport } from './export-measure';
import { seedRegistry, transferParties } from './seed';
import { startApp, startBare, type ServerProcess } from './servers';
import { normalizeSql, type CapturedQuery } from './sql-capture';

const HOLDERS = Number(process.env.BENCH_HOLDERS ?? 100_000);
const TRANSACTIONS = Number(process.env.BENCH_TRANSACTIONS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
// The app and the bare handler take turns, so that the machine's drift weighs on both alike.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const TRANSFER_HOLDERS = 200;
/** SQL run after the seed, before the servers start (not part of the app's schema). */
const EXTRA_SQL = process.env.BENCH_EXTRA_SQL ?? '';
const ONLY_DATA = process.env.BENCH_ONLY === 'data';
/** BENCH_ONLY=export: the seed, then only the export's row (issue 26). */
const ONLY_EXPORT = process.env.BENCH_ONLY === 'export';

const started = performance.now();
const log = (message: string) =>
  console.log(
    `[bench ${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s] ${message}`,
  );
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

let scratch: ScratchDatabase | undefined;
const servers: ServerProcess[] = [];

async function cleanUp(): Promise<void> {
  await Promise.allSettled(servers.map((s) => s.stop()));
  if (scratch) {
    await scratch.drop().then(
      () => log(`dropped ${scratch!.name}`),
      (err: unknown) => console.error(`could not drop ${scratch!.name}:`, err),
    );
  }
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the servers and dropping the scratch database`);
    void cleanUp().finally(() => process.exit(130));
  });
}

async function invariantRows(url: string): Promise<{ rows: string[]; seconds: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const t0 = performance.now();
    const result = await client.query<{ check_name: string; entity_id: string; detail: string }>(
      'select check_name, entity_id, detail from ledger_invariants()',
    );
    return {
      rows: result.rows.map((r) => `${r.check_name} ${r.entity_id} ${r.detail}`),
      seconds: (performance.now() - t0) / 1000,
    };
  } finally {
    await client.end();
  }
}

interface SqlComparison {
  same: boolean;
  /** The app's statements for one request, each marked with whether the bare handler sends it. */
  app: Array<CapturedQuery & { shared: boolean }>;
}

const short = (s: string, n = 70) => (s.length > n ? `${s.slice(0, n)}…` : s);

/**
 * The bare handler's statements must appear, in order, among the app's (which adds its session's).
 * Each server answers the request once before the one captured, as under load: a statement that
 * the first answer leaves cached (the session) is not sent again.
 */
async function compareSql(
  label: string,
  app: ServerProcess,
  bare: ServerProcess,
  send: (server: ServerProcess) => Promise<void>,
): Promise<SqlComparison> {
  await send(app);
  await send(bare);
  const appSql = (await app.captureSql(() => send(app))).map((q) => ({
    ...q,
    text: normalizeSql(q.text),
    shared: false,
  }));
  const bareSql = (await bare.captureSql(() => send(bare))).map((q) => normalizeSql(q.text));
  let matched = 0;
  for (const statement of appSql) {
    if (matched < bareSql.length && statement.text === bareSql[matched]) {
      statement.shared = true;
      matched++;
    }
  }
  const extra = appSql.filter((q) => !q.shared).map((q) => short(q.text));
  if (matched < bareSql.length) {
    log(`${label}: SQL DIFFERS. The bare handler sends, and the app does not (in that order):`);
    log(`  ${bareSql[matched]}`);
    log(`  app's statements: ${appSql.map((q) => short(q.text)).join(' || ')}`);
    return { same: false, app: appSql };
  }
  log(
    `${label}: same SQL (bare ${bareSql.length} statements, sent by the app in the same order; ` +
      `the app adds ${extra.length} for its session)`,
  );
  return { same: true, app: appSql };
}

/**
 * Each read statement of one app request, run alone on an idle connection, so the table can be
 * read against the price of the SQL itself; writes are not replayed. Sent as the app sends it
 * (named, as pipelined-transaction.ts names them, so PostgreSQL may keep a generic plan after five runs) and timed
 * after those five (median of 5).
 */
async function timeStatements(url: string, label: string, statements: SqlComparison['app']) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    console.log(
      `${label} — the app's statements for one request, each alone, prepared (median of 5 after 5):`,
    );
    for (const q of statements) {
      const marker = q.shared ? 'same as bare' : 'app only    ';
      if (!/^(select|with)\b/i.test(q.text)) {
        console.log(`      -      ${marker}  ${short(q.text, 90)}`);
        continue;
      }
      for (let i = 0; i < 5; i++)
        await client.query(named(client, { text: q.text, values: q.values }));
      const runs: number[] = [];
      for (let i = 0; i < 5; i++) {
        const t0 = performance.now();
        await client.query(named(client, { text: q.text, values: q.values }));
        runs.push(performance.now() - t0);
      }
      const median = runs.sort((a, b) => a - b)[2]!;
      console.log(`  ${median.toFixed(1).padStart(6)} ms  ${marker}  ${short(q.text, 90)}`);
    }
  } finally {
    await client.end();
  }
}

async function check(server: ServerProcess, req: CannonRequest, expect: (body: unknown) => string) {
  const response = await fetch(`${server.url}${req.path}`, {
    method: req.method ?? 'GET',
    headers: req.headers,
    ...(req.body ? { body: req.body } : {}),
  });
  const body: unknown = await response.json();
  if (!response.ok) {
    throw new Error(
      `${server.name} ${req.method ?? 'GET'} ${req.path}: ${response.status} ${JSON.stringify(body)}`,
    );
  }
  const problem = expect(body);
  if (problem) throw new Error(`${server.name} ${req.path}: ${problem}`);
}

async function main(): Promise<number> {
  log(`machine load average ${load()}`);
  scratch = await createScratchDatabase();
  log(`created ${scratch.name}; migrating`);
  const database = openPostgres(scratch.url);
  await database.migrate();
  await database.close();

  log(
    `seeding ${HOLDERS.toLocaleString('en-US')} holders, ${TRANSACTIONS.toLocaleString('en-US')} transactions`,
  );
  const t0 = performance.now();
  const seeded = await seedRegistry(scratch.url, { holders: HOLDERS, transactions: TRANSACTIONS });
  const seedSeconds = (performance.now() - t0) / 1000;
  for (const [label, seconds] of seeded.timings) log(`  ${label}: ${seconds.toFixed(1)} s`);
  const p = seeded.plan;
  log(
    `seeded in ${seedSeconds.toFixed(0)} s: ${p.holders.toLocaleString('en-US')} holders + 1 administrator, ` +
      `${p.certificates.toLocaleString('en-US')} certificates, ${p.operations.toLocaleString('en-US')} operations ` +
      `(${p.transfers} transfers, ${p.conversions} conversions, ${p.cancellations} cancellations) with ` +
      `one audit entry each, ${p.transactions.toLocaleString('en-US')} transactions; the hot holder has ` +
      `${seeded.hotTransactions}`,
  );
  const seededCheck = await invariantRows(scratch.url);
  log(
    `ledger_invariants() after seeding: ${seededCheck.rows.length} rows (${seededCheck.seconds.toFixed(1)} s)`,
  );
  if (seededCheck.rows.length > 0) {
    for (const row of seededCheck.rows.slice(0, 20)) console.error(`  ${row}`);
    throw new Error('the seed violates the ledger invariants');
  }

  if (EXTRA_SQL) {
    // A what-if: e.g. an index someone proposes, measured before it is written as a migration.
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    try {
      await client.query(EXTRA_SQL);
    } finally {
      await client.end();
    }
    log(`WHAT-IF: ran BENCH_EXTRA_SQL on the scratch database: ${EXTRA_SQL}`);
  }

  const parties = await transferParties(scratch.url, 2, TRANSFER_HOLDERS);
  if (parties.length !== TRANSFER_HOLDERS) throw new Error('transfer holders not found');

  const app = await startApp(scratch.url, seeded.adminEmail);
  servers.push(app);
  // The export first, on a fresh server, so that its peak resident set is the export's own.
  const exported = await measureExport(
    app,
    '/api/v1/exports/company-ledger.xlsx',
    app.session!.headers,
  );
  const ledgerExportLine = exportLine(
    `export: company ledger XLSX, ${TRANSACTIONS.toLocaleString('en-US')} transactions (${exported.fileName.replace(/^.*filename="|"$/g, '')})`,
    exported,
  );
  log(ledgerExportLine);
  if (exported.status !== 200) throw new Error(`the export answered ${exported.status}`);
  if (ONLY_EXPORT) {
    console.log(`\n${ledgerExportLine}\n`);
    return 0;
  }
  const bare = await startBare(scratch.url, {
    organizationId: seeded.organizationId,
    userId: app.session!.userId,
    holderId: seeded.adminHolderId,
  });
  servers.push(bare);
  log(`app on ${app.url}, bare handler on ${bare.url}; administrator signed in`);

  const session = app.session!.headers;
  const directory = (): CannonRequest => ({
    method: 'GET',
    path: '/api/v1/shareholders?sort=balance&dir=desc&pageSize=50',
    headers: session,
  });
  // A name search through the folded-name trigram index (migration 0008): "0123" matches 111 of
  // the 100,000 "Holder 000123"-style names.
  const search = (): CannonRequest => ({
    method: 'GET',
    path: '/api/v1/shareholders?search=0123&sort=balance&dir=desc&pageSize=50',
    headers: session,
  });
  const statement = (): CannonRequest => ({
    method: 'GET',
    path: `/api/v1/shareholders/${seeded.hotHolderId}/statement`,
    headers: session,
  });
  // The organization's today (the default zone), as the server checks it, not the UTC date.
  const today = todayIn(DEFAULT_TIME_ZONE);
  let sent = 0;
  const transfer = (): CannonRequest => {
    const n = sent++;
    const from = n % TRANSFER_HOLDERS;
    const to =
      (from + 1 + (Math.floor(n / TRANSFER_HOLDERS) % (TRANSFER_HOLDERS - 1))) % TRANSFER_HOLDERS;
    return {
      method: 'POST',
      path: '/api/v1/transactions',
      headers: { ...session, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify({
        ShareholderId: parties[from]!.holderId,
        DestinationShareholderId: parties[to]!.holderId,
        ShareDate: today,
        Shares: '1.00',
        Cost: '1.00',
        Type: 'Transfer',
        Origin: [parties[from]!.certificateId],
      }),
    };
  };

  const rowsOf = (b: unknown) => (b as { rows?: unknown[] }).rows?.length ?? 0;
  const historyOf = (b: unknown) => (b as { history?: unknown[] }).history?.length ?? 0;
  // BENCH_ONLY=data skips the ledger's checks (they assume the default data shape).
  const sameSql = ONLY_DATA
    ? []
    : [
        await compareSql('directory', app, bare, (s) =>
          check(s, directory(), (b) => (rowsOf(b) === 50 ? '' : `${rowsOf(b)} rows, not 50`)),
        ),
        await compareSql('directory search', app, bare, (s) =>
          check(s, search(), (b) => (rowsOf(b) === 50 ? '' : `${rowsOf(b)} rows, not 50`)),
        ),
        await compareSql('statement', app, bare, (s) =>
          check(s, statement(), (b) =>
            historyOf(b) === seeded.hotTransactions ? '' : `${historyOf(b)} history lines`,
          ),
        ),
        await compareSql('transfer', app, bare, (s) => check(s, transfer(), () => '')),
      ];

  const spec = (connections: number, request: () => CannonRequest): LoadSpec => ({
    connections,
    request,
  });
  const opts = { warmupSeconds: WARMUP_SECONDS, seconds: SECONDS, rounds: ROUNDS };
  const pair = async (label: string, s: LoadSpec) => {
    log(
      `${label}: app and bare (${WARMUP_SECONDS} s warm-up each, then ${ROUNDS} turns of ` +
        `${SECONDS / ROUNDS} s each, alternating), load ${load()}`,
    );
    const [onApp, onBare] = await measureAlternating(
      [
        { url: app.url, cpuSeconds: () => app.cpuSeconds() },
        { url: bare.url, cpuSeconds: () => bare.cpuSeconds() },
      ],
      s,
      opts,
    );
    return { app: onApp!, bare: onBare! };
  };

  // The data layer (features/data-api): its own tenants and contacts in the same organization.
  const t1 = performance.now();
  const tenantIds = await seedDataLayer(scratch.url, seeded.organizationId);
  log(
    `data layer: seeded ${DATA_CONTACTS.toLocaleString('en-US')} contacts over ${DATA_TENANTS} ` +
      `tenants in ${((performance.now() - t1) / 1000).toFixed(1)} s`,
  );
  const dataQuery = () => dataQueryRequest(session, tenantIds[0]!);
  const dataSql = await compareSql('data query', app, bare, (s) =>
    check(s, dataQuery(), (b) =>
      Array.isArray(b) && b.length === 50 ? '' : `${JSON.stringify(b).slice(0, 200)}, not 50 rows`,
    ),
  );
  const query = await pair('data query', spec(20, dataQuery));
  const dataRow: Row = {
    name: `data query: contacts LIKE + IN + order by, 50 of ${DATA_CONTACTS.toLocaleString('en-US')}, 20 conc.`,
    ...query,
    // Issue 12: the app keeps at least 60% of the bare handler's rate.
    target: 'app ≥ 60% of bare req/s, p99 ≤ 50 ms',
    met: ratio(query) >= 0.6 && query.app.p99 <= 50 && query.app.ok > 0,
  };
  const bulkSeconds = await timeBulkCreates(app.url, session, tenantIds[1]!, 3);
  const bulkLine =
    `bulk create of ${BULK_ROWS.toLocaleString('en-US')} contacts in one request (3 runs): ` +
    `${bulkSeconds.map((s) => `${s.toFixed(2)} s`).join(', ')}; target < 2 s: ` +
    `${Math.max(...bulkSeconds) < 2 ? 'met' : 'NOT MET'}`;
  if (ONLY_DATA) {
    console.log(`\n${table([dataRow])}\n\n${bulkLine}\n`);
    for (const line of failures([dataRow])) console.log(`non-2xx: ${line}`);
    await timeStatements(scratch.url, 'data query', dataSql.app);
    return 0;
  }

  const rows: Row[] = [];
  const dir = await pair('directory', spec(20, directory));
  rows.push({
    name: 'directory, page 1 by balance (50 rows), 20 conc.',
    ...dir,
    // Issue 11: the app keeps at least 60% of the bare handler's rate.
    target: 'app ≥ 60% of bare req/s, p99 ≤ 50 ms',
    met: ratio(dir) >= 0.6 && dir.app.p99 <= 50 && dir.app.ok > 0,
  });
  const found = await pair('directory search', spec(20, search));
  rows.push({
    name: 'directory search "0123" (111 of 100,000 holders), 20 conc.',
    ...found,
    target: 'app p99 ≤ 50 ms',
    met: found.app.p99 <= 50 && found.app.ok > 0,
  });
  const stmt = await pair('statement', spec(20, statement));
  rows.push({
    name: `statement, ${seeded.hotTransactions}-transaction holder, 20 conc.`,
    ...stmt,
    // Issue 24: the app keeps at least 80% of the bare handler's rate.
    target: 'app ≥ 80% of bare req/s',
    met: ratio(stmt) >= 0.8,
  });
  const xfer = await pair('transfers', spec(50, transfer));
  const afterCheck = await invariantRows(scratch.url);
  log(
    `ledger_invariants() after ${(xfer.app.ok + xfer.bare.ok).toLocaleString('en-US')} measured ` +
      `transfers (+ warm-ups): ${afterCheck.rows.length} rows (${afterCheck.seconds.toFixed(1)} s)`,
  );
  rows.push({
    name: `transfers of 1 share, ${TRANSFER_HOLDERS} holders, 50 conc.`,
    ...xfer,
    // Issue 24: and at least 80% of the bare handler's rate.
    target: '≥ 500 transfers/s, app ≥ 80% of bare, 0 invariant rows',
    met: xfer.app.perSecond >= 500 && ratio(xfer) >= 0.8 && afterCheck.rows.length === 0,
  });

  rows.push(dataRow);
  console.log('');
  console.log(table(rows));
  console.log('');
  console.log(bulkLine);
  console.log(ledgerExportLine);
  for (const line of failures(rows)) console.log(`non-2xx: ${line}`);
  console.log('');
  await timeStatements(scratch.url, 'directory', sameSql[0]!.app);
  await timeStatements(scratch.url, 'directory search', sameSql[1]!.app);
  await timeStatements(scratch.url, 'statement', sameSql[2]!.app);
  await timeStatements(scratch.url, 'data query', dataSql.app);
  console.log('');
  if ([...sameSql, dataSql].some((c) => !c.same)) {
    console.log('WARNING: the bare handler does not send the same SQL as the app (see above).');
  }
  console.log(
    `data: ${HOLDERS.toLocaleString('en-US')} holders, ${TRANSACTIONS.toLocaleString('en-US')} transactions ` +
      `(seeded in ${seedSeconds.toFixed(0)} s); ${SECONDS} s per measurement (${ROUNDS} turns, app and bare ` +
      `alternating) after ${WARMUP_SECONDS} s of warm-up; load average at the end ${load()} (2 cores, shared)`,
  );
  if (EXTRA_SQL) console.log(`WHAT-IF run: BENCH_EXTRA_SQL = ${EXTRA_SQL}`);
  if (afterCheck.rows.length > 0) {
    for (const row of afterCheck.rows.slice(0, 20)) console.error(`  ${row}`);
    console.error(`LEDGER INVARIANTS VIOLATED after the transfers: ${afterCheck.rows.length} rows`);
    return 1;
  }
  return 0;
}

let code: number;
try {
  code = await main();
} catch (err) {
  console.error('bench failed:', err);
  code = 1;
} finally {
  await cleanUp();
}
process.exit(code);
