// npm run dev: Vite's dev server (hot reload) on PORT (3000), proxying /api, /auth, /docs and
// /healthz to the API server, which runs in watch mode on API_PORT (3001). Vite listens first, on
// exactly its port (a port in use is one line, never a silent move to the next one), so the API's
// closing "Open http://localhost:3000" is printed once both listen. It runs as `node --import tsx`,
// not under the tsx CLI: that one SIGKILLs its child when it does not answer a relayed SIGTERM
// within 30 ms, which orphaned the API server (still holding the data folder) on a busy machine.
import { spawn } from 'node:child_process';
import { createServer, type ViteDevServer } from 'vite';
import { listenProblem, probeListen } from '../src/server/listen-problem';

/** Where the API listens and where it is checked for; Vite follows HOST when it is set. */
const HOST = '127.0.0.1';
const host = process.env.HOST || HOST;

/** PORT or API_PORT: a port number, else one line naming the variable (exit 78). */
function portOf(name: 'PORT' | 'API_PORT', fallback: number): number {
  const raw = process.env[name] || String(fallback);
  const port = Number(raw);
  if (Number.isInteger(port) && port > 0 && port <= 65535) return port;
  return stop(
    `Invalid configuration: ${name} must be a port number from 1 to 65535 (got "${raw}")`,
  );
}

function stop(line: string): never {
  console.error(line);
  process.exit(78);
}

/** Binds and lets go, so that a port in use stops `npm run dev` before anything starts. */
async function checkFree(name: 'PORT' | 'API_PORT', port: number, on: string): Promise<void> {
  try {
    await probeListen(port, on);
  } catch (e) {
    stop(listenProblem(e, port, on, name) ?? String(e));
  }
}

async function startVite(port: number, apiPort: number): Promise<ViteDevServer> {
  process.env.VITE_API_TARGET = `http://${HOST}:${apiPort}`;
  const vite = await createServer({ server: { port, host, strictPort: true } });
  try {
    return await vite.listen();
  } catch (e) {
    await vite.close();
    // Vite says "Port 3000 is already in use" without a code: taken since the check, or on ::1.
    const code = /already in use/.test(String(e)) ? 'EADDRINUSE' : (e as { code?: string }).code;
    return stop(listenProblem({ code }, port, host, 'PORT') ?? String(e));
  }
}

const port = portOf('PORT', 3000);
const apiPort = portOf('API_PORT', 3001);
await checkFree('PORT', port, host);
await checkFree('API_PORT', apiPort, HOST);
const vite = await startVite(port, apiPort);
const api = spawn(process.execPath, ['--import', 'tsx', '--watch', 'src/server/main.ts'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: String(apiPort),
    PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${port}`,
  },
});
const shutdown = () => api.kill('SIGTERM');
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
api.on('exit', (code) => {
  void vite.close().finally(() => process.exit(code ?? 0));
});
