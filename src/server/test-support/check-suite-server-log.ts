// Vitest's global setup (vitest.config.ts): the leak check of the whole run's server logs, as
// e2e/zz-no-secrets-leaked.spec.ts is for the browser run (LOG-03, issue 23).
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findLeaks } from './find-leaks';

/** Makes the run's folder (suite-server-log.ts); the teardown checks it, failed tests included. */
export default function setup(): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'registry-suite-log-'));
  process.env.REGISTRY_SUITE_LOG_DIR = dir;
  return () => {
    try {
      checkSuiteServerLog(dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
}

function checkSuiteServerLog(dir: string): void {
  const files = readdirSync(dir);
  const secrets = new Set<string>();
  for (const f of files.filter((name) => name.endsWith('.secrets')))
    for (const line of readFileSync(join(dir, f), 'utf8').split('\n').filter(Boolean))
      for (const s of JSON.parse(line) as string[]) secrets.add(s);
  let bytes = 0;
  const problems: string[] = [];
  for (const f of files.filter((name) => name.endsWith('.log'))) {
    const text = readFileSync(join(dir, f), 'utf8');
    bytes += text.length;
    problems.push(...findLeaks(text, secrets));
  }
  if (problems.length === 0) {
    console.log(`server log leak check: ${bytes} bytes, ${secrets.size} secrets: no leak`);
    return;
  }
  console.error(
    `server log leak check: secrets in the tests' server logs:\n${problems.join('\n')}`,
  );
  // A throw here would only be printed: the run must fail.
  process.exitCode = 1;
}
