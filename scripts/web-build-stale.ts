import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The newest modification time under path (a folder's own time counts: a deleted file). */
function newestMtime(path: string): number {
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  let newest = s.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/**
 * Whether `npm start` must build the web app first: there is no build, or a source (any file
 * under the inputs, which may be files or folders) is newer than the built index.html.
 */
export function webBuildStale(builtIndex: string, inputs: string[]): boolean {
  if (!existsSync(builtIndex)) return true;
  const present = inputs.filter((p) => existsSync(p));
  return present.length > 0 && statSync(builtIndex).mtimeMs < Math.max(...present.map(newestMtime));
}

/** What the web build is made from. */
export const webBuildInputs = (root: string): string[] =>
  [
    'src/web',
    'src/contract',
    'src/ledger',
    'vite.config.ts',
    'tsconfig.json',
    'package.json',
    'package-lock.json',
  ].map((p) => join(root, p));

/** What the server build (dist/server/main.js) is made from. */
export const serverBuildInputs = (root: string): string[] =>
  [
    'src/server',
    'src/contract',
    'src/ledger',
    'scripts/build.ts',
    'tsconfig.json',
    'package.json',
    'package-lock.json',
  ].map((p) => join(root, p));
