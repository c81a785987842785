import { configDefaults, defineConfig } from 'vitest/config';
import { latencyUnderLoad } from './scripts/test-support/latency-under-load';

// .ci/run's second pass runs the suite again on the embedded PGlite after a full run on
// PostgreSQL (TEST_BACKEND_PASS=pglite). Tests that never touch the configured database (the pure
// ledger, the web app, the tooling, and servers started on their own embedded data directory)
// gave the same answer in the first pass, so that pass leaves them out.
const backendIndependent = [
  'src/ledger/**',
  'src/contract/**',
  'src/web/**',
  'e2e/support/**',
  'scripts/lint/**',
  'scripts/web-build-stale.test.ts',
  'scripts/admin.test.ts',
  'scripts/readme-commands.test.ts',
  'src/server/config.test.ts',
  'src/server/session-secret.test.ts',
  'src/server/data-dir-lock.test.ts',
  'src/server/main.test.ts',
  'src/server/http/**',
  // Pure modules of the server, tested without a database.
  'scripts/node-engines.test.ts',
  'scripts/web-forms.test.ts',
  'src/server/auth/cookies.test.ts',
  'src/server/auth/principal-cache.test.ts',
  'src/server/db/scope-locks.test.ts',
  'src/server/db/sql.test.ts',
  'src/server/data-layer/query-compiler.test.ts',
  'src/server/features/data-api/state-machines.test.ts',
  'src/server/salesforce/salesforce-config.test.ts',
  'src/server/features/shareholders/pdf-render-limits.test.ts',
  'src/server/ledger-store/amounts.test.ts',
  'src/server/ledger-store/answer-template.test.ts',
  'src/server/plugins/helmet-headers.test.ts',
  'src/server/test-support/find-leaks.test.ts',
  'src/server/test-support/salesforce-server*.test.ts',
  // What it measures is the app's answer floors (the same time for a known and an unknown
  // address), already measured on PostgreSQL; login and reset on PGlite have their own tests.
  'src/server/auth/sign-in-timing.test.ts',
];

export default defineConfig({
  test: {
    include: [
      'src/**/*.test.ts',
      'src/**/*.test.tsx',
      'scripts/**/*.test.ts',
      'e2e/support/**/*.test.ts',
      // PostgreSQL-only behaviour (outages, real concurrency) runs when a server is configured.
      ...(process.env.TEST_DATABASE_URL ? ['src/**/*.pg-test.ts'] : []),
    ],
    exclude: [
      ...configDefaults.exclude,
      ...(process.env.TEST_BACKEND_PASS === 'pglite' ? backendIndependent : []),
      ...(process.env.TEST_LATENCY_LATER === '1' ? latencyUnderLoad : []),
    ],
    environment: 'node',
    // Every server log line of the run is checked for secrets once it is over (LOG-03); the
    // template databases the test files' databases are copied from are dropped.
    globalSetup: [
      'src/server/test-support/check-suite-server-log.ts',
      'src/server/test-support/test-database-templates.ts',
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: PGlite instances are heavy; keep parallelism modest.
    maxWorkers: 2,
    pool: 'forks',
    // A worker keeps its modules from one test file to the next: importing the server for every
    // file cost about a minute of each pass. Every file builds its own app and database; stubs,
    // spies and environment changes are undone after each test.
    isolate: false,
    restoreMocks: true,
    unstubGlobals: true,
    unstubEnvs: true,
  },
});
