// `npm run lint:openapi`: writes the served OpenAPI document and lints it offline with Spectral's
// `spectral:oas` ruleset (.spectral.yaml) and Redocly's recommended one (redocly.yaml, its
// exceptions with their reasons in .redocly.lint-ignore.yaml); any warning or error fails.
import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const document = 'test-results/openapi.json';
mkdirSync(join(root, 'test-results'), { recursive: true });
const bin = (name: string) => join(root, 'node_modules/.bin', name);
const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
const run = (cmd: string, args: string[], opts: SpawnSyncOptions = {}) =>
  spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env, ...opts });

for (const [cmd, args] of [
  [bin('tsx'), ['scripts/openapi/write-openapi.ts', document]],
  [bin('spectral'), ['lint', document, '--ruleset', '.spectral.yaml', '--fail-severity=warn']],
] as const) {
  const r = run(cmd, [...args]);
  if (r.status !== 0) process.exit(r.status ?? 1);
}

interface RedoclyReport {
  totals: { errors: number; warnings: number; ignored: number };
  problems: Array<{
    ruleId: string;
    severity: string;
    message: string;
    location: Array<{ pointer: string }>;
  }>;
}

// Redocly's exit status counts errors only: its warnings fail here too, read from its report.
const redocly = run(
  bin('redocly'),
  ['lint', document, '--config', 'redocly.yaml', '--format=json', '--max-problems=1000'],
  {
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
  },
);
const report = JSON.parse(String(redocly.stdout)) as RedoclyReport;
for (const p of report.problems)
  console.log(`${p.severity}  ${p.ruleId}  ${p.location[0]?.pointer ?? ''}  ${p.message}`);
const { errors, warnings, ignored } = report.totals;
console.log(`Redocly (recommended): ${errors} errors, ${warnings} warnings, ${ignored} ignored.`);
process.exit(errors + warnings === 0 ? 0 : 1);
