// Every npm and npx command README.md names works from a fresh clone (architecture guide,
// anti-pattern 5: "a README naming a script that does not exist"). The commands are read out of
// README.md, so a newly named one is covered by itself: run as written unless `plans` says
// otherwise. In README order, on one scratch data folder, as a newcomer's shell would run them:
// the ones that end by themselves are run (a few with a harmless argument, each saying why), the
// serving ones are started, used and stopped, and every one names scripts and files that exist.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { salesforceLedger } from '../src/server/test-support/salesforce-ledger';
import {
  startSalesforceServer,
  type SalesforceServer,
} from '../src/server/test-support/salesforce-server';
import { freePort } from './free-port';
import { readmeCommands } from './test-support/readme-commands';

const root = fileURLToPath(new URL('..', import.meta.url));
const commands = readmeCommands(readFileSync(join(root, 'README.md'), 'utf8'));
const scripts = (
  JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  }
)['scripts'];

let dataDir: string;
// Made as the file is read: db:generate's argument names a file in it.
const scratch = mkdtempSync(join(tmpdir(), 'registry-readme-'));
let ports: { PORT: string; API_PORT: string };
let salesforce: SalesforceServer;
const started: ChildProcess[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'registry-readme-data-'));
  ports = { PORT: String(await freePort()), API_PORT: String(await freePort()) };
  salesforce = await startSalesforceServer();
  const ledger = salesforceLedger();
  salesforce.seed('Shareholder__c', ledger.shareholders);
  salesforce.seed('Share__c', ledger.shares);
  salesforce.seed('Share_Transaction__c', ledger.transactions);
});

afterAll(async () => {
  for (const child of started) if (groupAlive(child)) process.kill(-child.pid!, 'SIGKILL');
  await salesforce?.close();
  for (const dir of [dataDir, scratch]) if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A newcomer's shell: nothing set but the path, the home folder and the scratch data folder. */
const newcomer = (extra: Record<string, string> = {}): NodeJS.ProcessEnv => ({
  PATH: process.env.PATH,
  HOME: process.env.HOME,
  ...(process.env.CHROMIUM_PATH ? { CHROMIUM_PATH: process.env.CHROMIUM_PATH } : {}),
  DATA_DIR: dataDir,
  ...ports,
  ...extra,
});

interface Plan {
  how: 'run' | 'serve' | 'resolve only';
  /** Appended to the command as written; `why` says why. */
  args?: string;
  why?: string;
  /** Runs before the command. */
  prepare?: () => void;
  /** Checks what it left behind. */
  after?: () => void;
  env?: () => Record<string, string>;
  /** What its output says when it worked. */
  says?: RegExp;
}

const copyConfig = join(scratch, 'drizzle.config.ts');

/** drizzle-kit's configuration, writing into a copy of the migrations (it needs a relative out). */
function generateIntoCopy(): void {
  const out = join(scratch, 'migrations');
  cpSync(join(root, 'src/server/db/migrations'), out, { recursive: true });
  writeFileSync(
    copyConfig,
    `export default { dialect: 'postgresql', schema: './src/server/db/schema.ts', out: ${JSON.stringify(relative(root, out))} };\n`,
  );
}

/** How a command is checked, by what it starts with; one not listed is run as written. */
const plans: Array<[RegExp, Plan]> = [
  [
    /^npm install$/,
    { how: 'resolve only', why: 'it installs the dependencies: CI starts with npm ci' },
  ],
  [/^npm test$/, { how: 'resolve only', why: 'it runs the suite this test is part of' }],
  [
    /^npm run check$/,
    {
      how: 'resolve only',
      why: 'npm test runs the same steps first (typecheck, lint, format, OpenAPI lint)',
    },
  ],
  [/^npm start$/, { how: 'serve' }],
  [/^npm run dev$/, { how: 'serve' }],
  [/^npm run db:migrate$/, { how: 'run', says: /Migrations applied \(pglite\)/ }],
  [
    /^npm run db:generate$/,
    {
      how: 'run',
      prepare: generateIntoCopy,
      args: `-- --config=${copyConfig}`,
      why: 'with --config, into a copy of the migrations: it would write one into the repository if the schema changed',
      says: /No schema changes/,
    },
  ],
  [/^npm run ledger:verify$/, { how: 'run', says: /Ledger invariants hold \(pglite\)/ }],
  [/^npm run audit:verify$/, { how: 'run', says: /Audit chain verified: \d+ entries/ }],
  [
    /^npm run bench$/,
    {
      how: 'run',
      args: '-- --help',
      why: 'with --help: a full run seeds 100,000 holders and measures for minutes',
      says: /BENCH_HOLDERS/,
    },
  ],
  [
    /^npm run lighthouse$/,
    {
      how: 'run',
      args: '-- --smoke',
      why: 'with --smoke: the full run takes minutes, and a loaded CI machine cannot judge performance',
      says: /\| \/login +\| - +\| 1\.00 /,
    },
  ],
  [
    /^npm run admin -- create /,
    { how: 'run', says: /Administrator you@example\.com created; an invitation/ },
  ],
  [/^npm run admin -- time-zone /, { how: 'run', says: /Time zone of Acme Holdings, Inc\./ }],
  [
    /^npm run import:salesforce /,
    {
      how: 'run',
      why: 'against the local Salesforce-compatible server of the tests',
      env: () => ({
        SALESFORCE_LOGIN_URL: salesforce.url,
        SALESFORCE_CLIENT_ID: salesforce.clientId,
        SALESFORCE_CLIENT_SECRET: salesforce.clientSecret,
      }),
      says: /Dry run for Acme Holdings, Inc\.: nothing was written\./,
    },
  ],
  [
    /^npm run build$/,
    {
      how: 'run',
      why: 'in a shell with NODE_ENV=development, which must not make a development bundle',
      env: () => ({ NODE_ENV: 'development' }),
      after: () => {
        const assets = join(root, 'dist/web/assets');
        const development = readdirSync(assets).filter(
          (f) => f.endsWith('.js') && readFileSync(join(assets, f), 'utf8').includes('jsxDEV'),
        );
        expect(development).toEqual([]);
      },
    },
  ],
  [
    /npx playwright test /,
    {
      how: 'run',
      args: '--list',
      why: 'with --list: npm test runs the browser tests, and with DOCS_SCREENSHOTS=1 this rewrites docs/screenshots',
      says: /Total: \d+ tests/,
    },
  ],
];

const planOf = (command: string): Plan =>
  plans.find(([pattern]) => pattern.test(command))?.[1] ?? { how: 'run' };

const groupAlive = (child: ChildProcess): boolean => {
  try {
    process.kill(-child.pid!, 0);
    return true;
  } catch {
    return false;
  }
};

/** `command` in a shell of its own process group; its output so far, and its exit. */
function launch(command: string, env: NodeJS.ProcessEnv) {
  const child = spawn('sh', ['-c', command], { cwd: root, env, detached: true });
  started.push(child);
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  return { child, exited, output: () => out };
}

async function runToEnd(command: string, env: NodeJS.ProcessEnv, seconds: number) {
  const run = launch(command, env);
  const timer = setTimeout(() => process.kill(-run.child.pid!, 'SIGKILL'), seconds * 1000);
  const code = await run.exited;
  clearTimeout(timer);
  return { code, output: run.output() };
}

const portAnswers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

async function until(ok: () => boolean | Promise<boolean>, seconds: number, what: string) {
  const end = Date.now() + seconds * 1000;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`${what} within ${seconds} s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Starts a serving command as its own process (exec: the pid is npm's, as a process manager
 * would see it), waits for the banner's "Open URL", opens the app and its health check there,
 * then sends SIGTERM to that pid: everything it started stops, the port is free and the data
 * folder's lock released.
 */
async function serve(command: string) {
  // Ports drawn now, not when the file started: another test file's server may have taken those.
  ports = { PORT: String(await freePort()), API_PORT: String(await freePort()) };
  const server = launch(`exec ${command}`, newcomer());
  try {
    return await serveAndStop(command, server);
  } finally {
    // So that the commands after it do not fail on the data folder a failed run still holds.
    if (groupAlive(server.child)) process.kill(-server.child.pid!, 'SIGKILL');
  }
}

async function serveAndStop(command: string, server: ReturnType<typeof launch>) {
  const opened = () => /^Open (http:\/\/\S+)\n/m.exec(server.output())?.[1];
  await until(() => opened() !== undefined || server.child.exitCode !== null, 240, 'no Open line');
  const url = opened();
  expect(url, server.output()).toBe(`http://localhost:${ports.PORT}`);
  const page = await fetch(`${url!}/login`);
  const body = await page.text();
  expect(page.status, `${body}\n${server.output()}`).toBe(200);
  expect(body).toContain('<div id="root">');
  expect((await fetch(`${url!}/healthz`)).status).toBe(200);
  const serving = readFileSync(join(dataDir, 'server.pid'), 'utf8').split('\n')[0]!;
  const servingCommand = readFileSync(`/proc/${serving}/cmdline`, 'utf8').split('\0');

  server.child.kill('SIGTERM');
  await until(() => !groupAlive(server.child), 15, `${command} did not stop after SIGTERM`).catch(
    (e: Error) => {
      const left = spawnSync('ps', ['-o', 'pid,stat,cmd', '-g', String(server.child.pid)]);
      throw new Error(`${e.message}; still running:\n${String(left.stdout)}\n${server.output()}`);
    },
  );
  expect(await portAnswers(Number(ports.PORT))).toBe(false);
  expect(existsSync(join(dataDir, 'server.pid'))).toBe(false);
  expect(server.output()).toContain('database closed');
  return { output: server.output(), servingCommand };
}

/** What is missing for `command`: its npm script, a script or file that one runs, a program. */
function unresolved(command: string): string[] {
  const problems: string[] = [];
  const checkScript = (name: string, from: string): void => {
    const body = scripts[name];
    if (body === undefined) return void problems.push(`${from}: no npm script "${name}"`);
    for (const [, inner] of body.matchAll(/npm run ([\w:-]+)/g)) checkScript(inner!, name);
    for (const file of body.match(/[\w./-]+\.(?:ts|mjs|js)\b/g) ?? [])
      if (!existsSync(join(root, file))) problems.push(`npm script "${name}": no file ${file}`);
    const bin = /^(?:exec )?([\w-]+)/.exec(body)?.[1];
    if (bin && !['node', 'npm'].includes(bin) && !existsSync(join(root, 'node_modules/.bin', bin)))
      problems.push(`npm script "${name}": no program ${bin}`);
  };
  const npm = /^npm (?:run ([\w:-]+)|(start|test))\b/.exec(command);
  const npx = /\bnpx ([\w-]+)/.exec(command);
  if (npm) checkScript(npm[1] ?? npm[2]!, command);
  else if (npx && !existsSync(join(root, 'node_modules/.bin', npx[1]!)))
    problems.push(`${command}: no program ${npx[1]}`);
  for (const file of command.match(/\S+\.spec\.ts\b/g) ?? [])
    if (!existsSync(join(root, file))) problems.push(`${command}: no file ${file}`);
  return problems;
}

describe('README.md', () => {
  it('names the commands this test runs: in code blocks and spans, split at &&, as typed', () => {
    const sample =
      '```sh\nnpm install && npm start   # builds\n```\nThen `npm run admin -- create --name "A B" ' +
      '[--org "C, Inc."]`, `DOCS=1 npx playwright test x.spec.ts`, `git status`, `npm start`.';
    expect(readmeCommands(sample)).toEqual([
      'npm install',
      'npm start',
      'npm run admin -- create --name "A B"',
      'DOCS=1 npx playwright test x.spec.ts',
    ]);
    expect(commands).toEqual(expect.arrayContaining(['npm start', 'npm run dev', 'npm test']));
  });

  // One at a time, in README order: they share the scratch data folder, as on a fresh clone.
  describe.each(commands)('%s', (command) => {
    const plan = planOf(command);
    const title = {
      'resolve only': `names a script that exists (not run: ${plan.why})`,
      serve: 'starts, serves the app, and stops on SIGTERM',
      run: `ends by itself with exit code 0${plan.why ? ` (${plan.why})` : ''}`,
    }[plan.how];
    it(
      title,
      async () => {
        expect(unresolved(command)).toEqual([]);
        if (plan.how === 'serve') {
          const { output, servingCommand } = await serve(command);
          // npm start serves the compiled server as plain node: no TypeScript loader at run time.
          if (command === 'npm start')
            expect(servingCommand.slice(1, 2), output).toEqual(['scripts/start.mjs']);
        } else if (plan.how === 'run') {
          plan.prepare?.();
          const written = plan.args ? `${command} ${plan.args}` : command;
          const { code, output } = await runToEnd(written, newcomer(plan.env?.()), 280);
          expect(code, `${written}:\n${output}`).toBe(0);
          if (plan.says) expect(output).toMatch(plan.says);
          plan.after?.();
        }
      },
      300_000,
    );
  });
});
