import { ledgerScenario } from '../ledger-store/test-scenario';
import { filledBeforeAll } from './filled-before-all';
import type { TestApp } from './test-app';

export type LedgerScenario = Awaited<ReturnType<typeof ledgerScenario>>;

/** The shared ledger scenario (ledgerScenario) in `t`, set up before the tests around the call. */
export const useLedgerScenario = (t: TestApp): LedgerScenario =>
  filledBeforeAll(() => ledgerScenario(t));
