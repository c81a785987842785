// npm run build: the web app (vite → dist/web) and the server (esbuild → dist/server/main.js,
// with the files it reads beside it), so that production runs plain `node`, no TypeScript loader.
// `--if-stale` (npm start): only what is missing or older than its sources.
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverBuildInputs, webBuildInputs, webBuildStale } from './web-build-stale';

const root = fileURLToPath(new URL('..', import.meta.url));
// What is built is what production serves, whatever the shell says: with NODE_ENV=development
// Vite would bundle React's development build (this is the build's own process; npm start's
// server never sees it).
process.env.NODE_ENV = 'production';
const ifStale = process.argv.includes('--if-stale');
const serverOut = join(root, 'dist/server');

async function buildWeb() {
  console.log('Building the web app...');
  const { build } = await import('vite');
  await build({ configFile: join(root, 'vite.config.ts'), logLevel: 'warn' });
}

async function buildServer() {
  console.log('Building the server...');
  const { build } = await import('esbuild');
  rmSync(serverOut, { recursive: true, force: true });
  await build({
    entryPoints: [join(root, 'src/server/main.ts')],
    outfile: join(serverOut, 'main.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Our code only: packages load from node_modules as they are.
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  // Read at run time next to the code (new URL(..., import.meta.url)).
  cpSync(join(root, 'src/server/db/migrations'), join(serverOut, 'migrations'), {
    recursive: true,
  });
  cpSync(
    join(root, 'src/server/auth/common-passwords.txt'),
    join(serverOut, 'common-passwords.txt'),
  );
  // The official OCF schemas, which src/server/ocf/ocf-schemas.ts loads (decision 126).
  cpSync(join(root, 'src/server/ocf/ocf-schema'), join(serverOut, 'ocf-schema'), {
    recursive: true,
  });
}

mkdirSync(join(root, 'dist'), { recursive: true });
if (!ifStale || webBuildStale(join(root, 'dist/web/index.html'), webBuildInputs(root))) {
  await buildWeb();
}
if (!ifStale || webBuildStale(join(serverOut, 'main.js'), serverBuildInputs(root))) {
  await buildServer();
}
