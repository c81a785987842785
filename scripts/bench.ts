// npm run bench: the benchmark lives in scripts/bench/ (see docs/decisions/030-benchmark.md).
// `npm run bench -- --help` says what it does and which settings it reads, and runs nothing.
import process from 'node:process';

const USAGE = `npm run bench: seeds a large registry in a scratch PostgreSQL database, starts the real app
and a bare node:http + pg handler on it, and measures both with autocannon in the same run
(method: docs/decisions/030-benchmark.md). The scratch database is always dropped.

Settings (environment):
  BENCH_DATABASE_SERVER_URL  maintenance database of the server (default postgres@127.0.0.1:5432)
  BENCH_HOLDERS / BENCH_TRANSACTIONS  data shape (default 100,000 / 1,000,000)
  BENCH_SECONDS / BENCH_WARMUP_SECONDS  per measurement (default 10 / 2)
  BENCH_ROUNDS  the measured seconds cut into this many turns, app and bare alternating (4)
  BENCH_EXTRA_SQL  a what-if run after seeding (e.g. a proposed index); flagged in the output
  BENCH_ONLY=data  only the data layer's rows, after a ledger seed of any size
  BENCH_ONLY=export  only the company ledger's XLSX export (time, server peak RSS), after the seed

Exit code 0 when the bench ran, targets met or not (it is a measurement); 1 when the bench
itself failed or the ledger invariants are violated.`;

if (process.argv.slice(2).includes('--help')) console.log(USAGE);
else await import('./bench/run');
