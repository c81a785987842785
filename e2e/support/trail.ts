import { join } from 'node:path';

/** Playwright's output folder (emptied at the start of every run). */
export const resultsDir = join(import.meta.dirname, '..', '..', 'test-results');

/** Everything the e2e server wrote (stdout and stderr), for the leak check. */
export const serverLogFile = () => join(resultsDir, 'e2e-server.log');

/** One JSON line per test: its browsers' history, requests and secrets (support/fixtures.ts). */
export const trailFile = () => join(resultsDir, 'e2e-trail.jsonl');
