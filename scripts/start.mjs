// npm start: builds what is missing or stale (in a separate, short-lived process), then runs the
// compiled server in this very process, so the pid a process manager started is the server's
// and its SIGTERM drains and stops it. Plain JavaScript: no TypeScript loader while serving.
import { spawnSync } from 'node:child_process';
import process from 'node:process';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const built = spawnSync(
  process.execPath,
  ['--import', 'tsx', join(root, 'scripts/build.ts'), '--if-stale'],
  // The build's NODE_ENV (vite sets production) must not leak into the server: its own process.
  { cwd: root, stdio: 'inherit' },
);
if (built.status !== 0) process.exit(built.status ?? 1);
await import(pathToFileURL(join(root, 'dist/server/main.js')).href);
