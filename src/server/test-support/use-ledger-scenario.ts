import { afterEach } from 'vitest';
import { expectLedgerSound, ledgerScenario } from './ledger-scenario';
import { filledBeforeAll } from './filled-before-all';
import type { TestApp } from './test-app';
import { useTestApp } from './use-test-app';

export type LedgerScenario = Awaited<ReturnType<typeof ledgerScenario>>;

/** The shared ledger scenario (ledgerScenario) in `t`, set up before the tests around the call. */
export const useLedgerScenario = (t: TestApp): LedgerScenario =>
  filledBeforeAll(() => ledgerScenario(t));

/**
 * An app holding the shared ledger scenario, for tests of the routes that read or write the
 * ledger: the ledger must still be sound after each test.
 */
export function useLedgerApp(): { t: TestApp; s: LedgerScenario } {
  const t = useTestApp();
  const s = useLedgerScenario(t);
  afterEach(() => expectLedgerSound(t.database.db));
  return { t, s };
}
