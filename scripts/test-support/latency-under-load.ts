/**
 * Tests that time the app's answers (a second's budget) while they load it with work of their
 * own. On two cores they need the machine to themselves: .ci/run's PGlite pass, which runs beside
 * the browser tests, leaves them out (TEST_LATENCY_LATER=1) and scripts/test.ts runs them once the
 * browser tests are over. The first pass runs them as usual.
 */
export const latencyUnderLoad = [
  'src/server/features/data-api/data-bulk-fairness.test.ts',
  'src/server/features/shareholders/statement-pdf-limits.test.ts',
];
