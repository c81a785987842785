// npm start: build the web app when it is missing or stale, then run the server (which migrates
// and seeds the demo data when it applies).
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { webBuildInputs, webBuildStale } from './web-build-stale';

const root = fileURLToPath(new URL('..', import.meta.url));
const stale = webBuildStale(join(root, 'dist/web/index.html'), webBuildInputs(root));

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
