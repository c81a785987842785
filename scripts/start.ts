// npm start: build the web app when it is missing or stale, then run the server (which migrates
// and seeds the demo data when it applies).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const builtIndex = join(root, 'dist/web/index.html');

function newestMtime(path: string): number {
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  let newest = s.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

const inputs = ['src/web', 'src/contract', 'src/ledger', 'vite.config.ts', 'package.json'].map(
  (p) => join(root, p),
);
const stale =
  !existsSync(builtIndex) ||
  statSync(builtIndex).mtimeMs < Math.max(...inputs.filter(existsSync).map(newestMtime));

if (stale) {
  console.log('Building the web app...');
  const { build } = await import('vite');
  // Vite sets NODE_ENV=production in this process while building; the server must not inherit it.
  const nodeEnv = process.env.NODE_ENV;
  await build({ configFile: join(root, 'vite.config.ts'), logLevel: 'warn' });
  if (nodeEnv === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = nodeEnv;
}

await import('../src/server/main');
