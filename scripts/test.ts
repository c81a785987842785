// npm test: everything, in order: the checks side by side (typecheck, lint, format check, OpenAPI
// lint), unit and integration tests (Vitest), browser tests (Playwright). Prints one closing line "N passed, N failed" and exits
// non-zero on any failure. Set TEST_DATABASE_URL to run the integration tests on PostgreSQL.
import { spawn, spawnSync } from 'node:child_process';
import {
  appendFileSync,
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { fileURLToPath } from 'node:url';
import { latencyUnderLoad } from './test-support/latency-under-load';
import { webBuildInputs, webBuildStale } from './web-build-stale';

const root = fileURLToPath(new URL('..', import.meta.url));
const results = join(root, 'test-results');
mkdirSync(results, { recursive: true });
const only = process.argv.slice(2);
const wants = (step: string) => only.length === 0 || only.includes(step);

let passed = 0;
let failed = 0;
// Named again at the very end, so a log cut to its tail still says what failed.
const failures: string[] = [];

function run(
  label: string,
  cmd: string,
  args: string[],
  env: Record<string, string> = {},
): boolean {
  console.log(`\n=== ${label}: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status === 0;
}

function count(label: string, ok: boolean) {
  if (ok) passed++;
  else {
    failed++;
    failures.push(label);
  }
}

type Step = [label: string, cmd: string, args: string[]];

/** One step with its output held back, so that steps run side by side print one after another. */
function runHeld([, cmd, args]: Step): Promise<{ ok: boolean; output: string }> {
  return new Promise((done) => {
    const child = spawn(cmd, args, { cwd: root, env: process.env });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => chunks.push(c));
    child.stderr.on('data', (c: Buffer) => chunks.push(c));
    child.on('error', (err) => done({ ok: false, output: String(err) }));
    child.on('close', (code) => done({ ok: code === 0, output: Buffer.concat(chunks).toString() }));
  });
}

/** The checks are single-threaded: as many run at once as the machine has cores. */
async function checkSideBySide(steps: Step[]): Promise<void> {
  const queue = [...steps];
  const lane = async () => {
    for (let step = queue.shift(); step; step = queue.shift()) {
      const { ok, output } = await runHeld(step);
      console.log(`\n=== ${step[0]}: ${step[1]} ${step[2].join(' ')}\n${output}`);
      count(step[0], ok);
    }
  };
  await Promise.all(Array.from({ length: Math.min(availableParallelism(), steps.length) }, lane));
}

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  testResults?: {
    name: string;
    message?: string;
    assertionResults?: { fullName: string; status: string; failureMessages?: string[] }[];
  }[];
}

interface PlaywrightSuite {
  title: string;
  file?: string;
  suites?: PlaywrightSuite[];
  specs?: {
    title: string;
    ok: boolean;
    tests?: { results?: { error?: { message?: string } }[] }[];
  }[];
}
interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number };
  suites?: PlaywrightSuite[];
}

const firstLine = (text = '') =>
  stripVTControlCharacters(text)
    .split('\n')
    .find((l) => l.trim() !== '') ?? '';

function vitestFailures(r: VitestReport): string[] {
  return (r.testResults ?? []).flatMap((file) => {
    const tests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    if (tests.length === 0 && file.message) return [`${file.name}: ${firstLine(file.message)}`];
    return tests.map((t) => `${file.name} > ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
  });
}

function playwrightFailures(r: PlaywrightReport, suites = r.suites ?? [], path = ''): string[] {
  return suites.flatMap((s) => {
    const here = path ? `${path} > ${s.title}` : s.title;
    const own = (s.specs ?? [])
      .filter((spec) => !spec.ok)
      .map((spec) => {
        const error = spec.tests?.flatMap((t) => t.results ?? []).find((x) => x.error)?.error;
        return `${here} > ${spec.title}: ${firstLine(error?.message)}`;
      });
    return [...own, ...playwrightFailures(r, s.suites ?? [], here)];
  });
}

const bin = (name: string) => join(root, 'node_modules/.bin', name);

if (wants('check')) {
  // The longest first, so that the two lanes of a 2-core machine end together.
  await checkSideBySide([
    ['lint', bin('eslint'), ['.']],
    ['typecheck', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']],
    // The zones on their own: the web without Node types, the server without the DOM.
    ['typecheck (server zone)', bin('tsc'), ['--noEmit', '-p', 'tsconfig.server.json']],
    ['typecheck (web zone)', bin('tsc'), ['--noEmit', '-p', 'tsconfig.web.json']],
    [
      'OpenAPI lint (Spectral spectral:oas, Redocly recommended)',
      bin('tsx'),
      ['scripts/openapi/lint-openapi.ts'],
    ],
    ['format', bin('prettier'), ['--check', '.']],
    [
      'import cycles (dependency-cruiser)',
      bin('depcruise'),
      ['src', '--config', '.dependency-cruiser.cjs', '--output-type', 'err'],
    ],
  ]);
}

/** Counts a Vitest run from its JSON report; `ok` is its exit status. */
function countVitest(out: string, ok: boolean, label = ''): void {
  if (!existsSync(out)) return void failed++;
  const r = JSON.parse(readFileSync(out, 'utf8')) as VitestReport;
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  failures.push(...vitestFailures(r).map((f) => label + f));
  if (!ok && r.numFailedTests === 0) failed++; // a suite that failed to load, or an unhandled error
}

const vitestArgs = (out: string) => [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${out}`,
];

/** A Vitest run in the foreground, its report in test-results/, counted. */
function runVitest(
  label: string,
  report: string,
  args: string[] = [],
  env: Record<string, string> = {},
  prefix = '',
): void {
  const out = join(results, report);
  rmSync(out, { force: true });
  countVitest(out, run(label, bin('vitest'), [...vitestArgs(out), ...args], env), prefix);
}

if (wants('unit')) runVitest('unit and integration tests', 'vitest-results.json');

/**
 * TEST_PGLITE_PASS=1 (.ci/run) with TEST_DATABASE_URL: the tests whose outcome depends on the
 * database run once more on the embedded PGlite (vitest.config.ts), on one worker beside the
 * browser tests, which keep one core mostly waiting on the browser. Its output goes to a file,
 * printed when it ends.
 */
function startPglitePass(): Promise<void> | null {
  if (process.env.TEST_PGLITE_PASS !== '1' || !process.env.TEST_DATABASE_URL) return null;
  // Not in test-results/: the browser tests empty that folder when they start.
  const dir = mkdtempSync(join(tmpdir(), 'registry-pglite-pass-'));
  const out = join(dir, 'vitest-results.json');
  const log = join(dir, 'vitest.log');
  const fd = openSync(log, 'w');
  console.log(
    '\n=== integration tests once more on the embedded PGlite (beside the browser tests)',
  );
  const child = spawn(bin('vitest'), [...vitestArgs(out), '--maxWorkers=1'], {
    cwd: root,
    env: { ...process.env, ...pglitePassEnv, TEST_LATENCY_LATER: '1' },
    stdio: ['ignore', fd, fd],
  });
  return new Promise((done) => {
    const end = (ok: boolean) => {
      closeSync(fd);
      console.log(`\n=== integration tests on PGlite: ${log}\n${readFileSync(log, 'utf8')}`);
      countVitest(out, ok, 'PGlite: ');
      done();
    };
    child.on('error', () => end(false));
    child.on('close', (code) => end(code === 0));
  });
}

const pglitePassEnv = { TEST_DATABASE_URL: '', TEST_BACKEND_PASS: 'pglite' };

/** The PGlite pass's timed tests (latency-under-load.ts), on their own once the rest is over. */
const runLatencyTestsOnPglite = () =>
  runVitest(
    'timed tests on PGlite, alone on the machine',
    'vitest-latency-results.json',
    ['--maxWorkers=1', ...latencyUnderLoad],
    pglitePassEnv,
    'PGlite: ',
  );

const pglitePass = wants('e2e') ? startPglitePass() : null;

if (wants('e2e')) {
  // The unit step's README test builds it as a newcomer would (npx vite build, npm run build).
  if (!webBuildStale(join(root, 'dist/web/index.html'), webBuildInputs(root)))
    console.log('\n=== the web app: its build is newer than its sources');
  else if (!run('build the web app', bin('vite'), ['build', '--logLevel', 'warn'])) failed++;
  const out = join(results, 'e2e-results.json');
  rmSync(out, { force: true });
  const ok = run('browser tests', bin('playwright'), ['test']);
  if (existsSync(out)) {
    const r = JSON.parse(readFileSync(out, 'utf8')) as PlaywrightReport;
    passed += r.stats.expected + r.stats.flaky;
    failed += r.stats.unexpected;
    failures.push(...playwrightFailures(r));
    if (!ok && r.stats.unexpected === 0) failed++;
  } else failed++;
}

if (pglitePass) {
  await pglitePass;
  runLatencyTestsOnPglite();
}

if (process.env.TEST_SUMMARY_FILE)
  appendFileSync(process.env.TEST_SUMMARY_FILE, `${passed} ${failed}\n`);
for (const name of failures) console.log(`FAILED: ${name}`);
if (process.env.TEST_FAILURES_FILE && failures.length > 0)
  appendFileSync(process.env.TEST_FAILURES_FILE, failures.map((f) => `FAILED: ${f}\n`).join(''));
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
