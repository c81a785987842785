// The project's ESLint configuration on small in-memory sources: every boundary of
// ARCHITECTURE.md reports a violation, and the imports it allows pass.
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
    .filter((m) => m.ruleId === 'zones/import-boundaries' || m.fatal)
    .map((m) => m.message);
}

describe('import boundaries (eslint.config.js)', () => {
  it.each([
    [
      'src/ledger/x.ts',
      `import { a } from '../contract/ledger';`,
      'ledger imports nothing of ours',
    ],
    [
      'src/ledger/x.ts',
      `const m = await import('../server/app');`,
      'ledger imports nothing of ours',
    ],
    [
      'src/ledger/x.ts',
      'const m = await import(`../web/router`);',
      'ledger imports nothing of ours',
    ],
    ['src/contract/x.ts', `import '../server/app';`, 'contract may import only ledger'],
    ['src/contract/x.ts', `export * from '../web/router';`, 'contract may import only ledger'],
    ['src/server/x.ts', `import type { A } from '../web/router';`, 'server never imports src/web'],
    [
      'src/server/db/x.ts',
      `const r = require('../../web/router');`,
      'server never imports src/web',
    ],
    ['src/web/x.ts', `import { buildApp } from '../server/app';`, 'web never imports src/server'],
    ['src/web/lib/x.ts', `const m = await import('../../server/app');`, 'web never imports'],
    [
      'src/server/features/auth/x.ts',
      `import { listDirectory } from '../shareholders/list-directory';`,
      'features do not import each other: src/server/features/auth imports src/server/features/shareholders/list-directory',
    ],
    [
      'src/server/features/auth/x.ts',
      `const m = await import('../shareholders/list-directory');`,
      'features do not import each other',
    ],
    [
      'src/server/features/audit/x.test.ts',
      `export { a } from '../certificates';`,
      'features do not import each other',
    ],
    [
      'src/web/features/directory/x.tsx',
      `import { StatementPage } from '../statement/statement-page';`,
      'features do not import each other: src/web/features/directory imports src/web/features/statement/statement-page',
    ],
    [
      'src/web/features/profile/x.ts',
      `const m = import('../../features/auth/use-session');`,
      'features do not import each other',
    ],
  ])('%s: `%s` is refused', async (file, code, message) => {
    const found = await boundaryMessages(file, code);
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(message);
  });

  it.each([
    ['src/server/x.ts', `import { ReadableStream } from 'stream/web';`],
    ['src/server/x.ts', `import { ReadableStream } from 'node:stream/web';`],
    ['src/web/x.tsx', `import { renderToString } from 'react-dom/server';`],
    ['src/ledger/x.ts', `import { z } from 'zod'; import { a } from './amount';`],
    ['src/contract/x.ts', `import { b } from '../ledger';`],
    [
      'src/server/features/auth/x.ts',
      `import '../../db/database'; import './auth-deps'; import '../../../contract/auth'; import '../../../ledger';`,
    ],
    ['src/server/app.ts', `import { authRoutes } from './features/auth/auth-routes';`],
    ['src/server/auth/x.ts', `const m = await import('../features/auth/tokens');`],
    [
      'src/web/features/directory/x.ts',
      `import '../../lib/api-client'; import '../../../contract/ledger'; import '../../../ledger';`,
    ],
    [
      'src/web/routes/x.tsx',
      `import { DirectoryPage } from '../features/directory/directory-page';`,
    ],
    ['e2e/x.ts', `import { buildApp } from '../src/server/app';`],
    ['scripts/x.ts', `import '../src/web/router'; import '../src/server/app';`],
  ])('%s: `%s` is allowed', async (file, code) => {
    expect(await boundaryMessages(file, code)).toEqual([]);
  });
});
