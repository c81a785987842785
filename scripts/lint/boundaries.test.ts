// The project's ESLint configuration (@boundaries/eslint-plugin, scripts/lint/boundaries.js) on
// small in-memory sources at real paths, importing real files: every boundary of ARCHITECTURE.md
// reports a violation, and the imports it allows pass.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
// The project's config as it is; type information is switched off because the files are not real.
const eslint = new ESLint({ cwd: root, overrideConfig: [tseslint.configs.disableTypeChecked] });

async function boundaryMessages(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: join(root, file) });
  return result!.messages
    .filter((m) => m.ruleId === 'boundaries/dependencies' || m.fatal)
    .map((m) => m.message);
}

describe('import boundaries (eslint.config.js)', () => {
  it.each([
    [
      'src/ledger/x.ts',
      `import { a } from '../contract/ledger';`,
      'type "ledger" to elements of type "contract"',
    ],
    [
      'src/ledger/x.ts',
      `const m = await import('../server/app');`,
      'type "ledger" to elements of type "server"',
    ],
    [
      'src/ledger/x.ts',
      `import { readFileSync } from 'node:fs';`,
      'origin "core" are not allowed in elements of type "ledger"',
    ],
    [
      'src/ledger/x.ts',
      `import pg from 'pg';`,
      'source "pg" are not allowed in elements of type "ledger"',
    ],
    [
      'src/contract/x.ts',
      `import { createHash } from 'node:crypto';`,
      'origin "core" are not allowed in elements of type "contract"',
    ],
    [
      'src/contract/x.ts',
      `import { sql } from 'drizzle-orm';`,
      'source "drizzle-orm" are not allowed',
    ],
    ['src/contract/x.ts', `import Fastify from 'fastify';`, 'source "fastify" are not allowed'],
    [
      'src/contract/x.ts',
      `import '../server/app';`,
      'type "contract" to elements of type "server"',
    ],
    [
      'src/contract/x.ts',
      `export * from '../web/router';`,
      'type "contract" to elements of type "web"',
    ],
    [
      'src/server/x.ts',
      `import type { A } from '../web/router';`,
      'type "server" to elements of type "web"',
    ],
    [
      'src/server/db/x.ts',
      `const r = require('../../web/router');`,
      'type "server" to elements of type "web"',
    ],
    [
      'src/web/x.ts',
      `import { buildApp } from '../server/app';`,
      'type "web" to elements of type "server"',
    ],
    [
      'src/web/lib/x.ts',
      `const m = await import('../../server/app');`,
      'type "web" to elements of type "server"',
    ],
    [
      'src/web/lib/x.ts',
      `import { readFile } from 'node:fs/promises';`,
      'origin "core" are not allowed in elements of type "web"',
    ],
    [
      'src/server/features/auth/x.ts',
      `import { listDirectory } from '../shareholders/list-directory';`,
      'feature="auth" to elements of type "server-feature" and captured values: feature="shareholders"',
    ],
    [
      'src/server/features/auth/x.ts',
      `const m = await import('../shareholders/list-directory');`,
      'feature="auth" to elements of type "server-feature" and captured values: feature="shareholders"',
    ],
    [
      'src/server/features/audit/x.test.ts',
      `export { getCertificate } from '../certificates/get-certificate';`,
      'feature="audit" to elements of type "server-feature" and captured values: feature="certificates"',
    ],
    [
      'src/web/features/directory/x.tsx',
      `import { StatementDocument } from '../statement/statement-document';`,
      'feature="directory" to elements of type "web-feature" and captured values: feature="statement"',
    ],
    [
      'src/web/features/profile/x.ts',
      `const m = import('../../features/auth/api/use-session');`,
      'feature="profile" to elements of type "web-feature" and captured values: feature="auth"',
    ],
  ])('%s: `%s` is refused', async (file, code, message) => {
    const found = await boundaryMessages(file, code);
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(message);
  });

  it.each([
    ['src/server/x.ts', `import { ReadableStream } from 'stream/web'; import pg from 'pg';`],
    ['src/server/x.ts', `import { ReadableStream } from 'node:stream/web';`],
    ['src/web/x.tsx', `import { renderToString } from 'react-dom/server';`],
    ['src/ledger/x.ts', `import { z } from 'zod'; import { a } from './decimal';`],
    ['src/contract/x.ts', `import { b } from '../ledger';`],
    [
      'src/server/features/auth/x.ts',
      `import '../../db/database'; import './login'; import '../../../contract/auth'; import '../../../ledger';`,
    ],
    ['src/server/app.ts', `import { authRoutes } from './features/auth/auth-routes';`],
    ['src/server/auth/x.ts', `const m = await import('../features/auth/login');`],
    [
      'src/web/features/directory/x.ts',
      `import '../../lib/api-client'; import '../../../contract/ledger'; import '../../../ledger';`,
    ],
    [
      'src/web/routes/x.tsx',
      `import { StatementDocument } from '../features/statement/statement-document';`,
    ],
    ['e2e/x.ts', `import { buildApp } from '../src/server/app';`],
    ['scripts/x.ts', `import '../src/web/router'; import '../src/server/app';`],
  ])('%s: `%s` is allowed', async (file, code) => {
    expect(await boundaryMessages(file, code)).toEqual([]);
  });
});

describe('test code stays out of the app (eslint.config.js)', () => {
  async function testCodeMessages(file: string, code: string) {
    const [result] = await eslint.lintText(code, { filePath: join(root, file) });
    return result!.messages
      .filter((m) => m.ruleId === 'no-restricted-imports' || m.fatal)
      .map((m) => m.message);
  }

  it.each([
    ['src/server/app.ts', `import { createTestApp } from './test-support/test-app';`],
    [
      'src/server/features/auth/x.ts',
      `import { authClient } from '../../test-support/auth-client';`,
    ],
    ['src/ledger/x.ts', `import { createInMemoryLedger } from './test-support/in-memory-ledger';`],
    ['src/web/x.tsx', `import { screens } from '../../e2e/support/screens';`],
    ['scripts/admin.ts', `import { addLogin } from '../src/server/test-support/fixtures';`],
  ])('%s: `%s` is refused', async (file, code) => {
    const found = await testCodeMessages(file, code);
    expect(found).toHaveLength(1);
    expect(found[0]).toContain('Test code is for tests');
  });

  it.each([
    ['src/server/x.test.ts', `import { createTestApp } from './test-support/test-app';`],
    ['src/server/test-support/x.ts', `import { startSmtpCatcher } from './smtp-catcher';`],
    [
      'src/ledger/x.test.ts',
      `import { createInMemoryLedger } from './test-support/in-memory-ledger';`,
    ],
    ['scripts/bench/x.ts', `import { signInAs } from '../../src/server/test-support/fixtures';`],
  ])('%s: `%s` is allowed', async (file, code) => {
    expect(await testCodeMessages(file, code)).toEqual([]);
  });
});
