// npm run dev: the API server in watch mode on port 3001 and Vite's dev server (hot reload) on
// 3000, proxying /api, /auth and /docs to the API.
import { spawn } from 'node:child_process';

const api = spawn(process.execPath, ['--import', 'tsx', '--watch', 'src/server/main.ts'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: process.env.API_PORT ?? '3001',
    PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:3000',
  },
});
const web = spawn(
  process.execPath,
  ['node_modules/vite/bin/vite.js', '--port', process.env.PORT ?? '3000'],
  {
    stdio: 'inherit',
    env: { ...process.env, VITE_API_TARGET: `http://127.0.0.1:${process.env.API_PORT ?? '3001'}` },
  },
);
const stop = () => {
  api.kill('SIGTERM');
  web.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
api.on('exit', (code) => {
  web.kill('SIGTERM');
  process.exitCode = code ?? 0;
});
