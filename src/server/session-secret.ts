import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Embedded mode: the secret is made on first start and kept beside the database (mode 600), so
 * that sessions survive a restart. Written to a temporary file and renamed into place: a crash
 * never leaves half a secret.
 */
export function readOrCreateSessionSecret(dataDir: string): string {
  const path = join(dataDir, 'session-secret');
  if (existsSync(path)) {
    const secret = readFileSync(path, 'utf8').trim();
    if (secret.length >= 32) return secret;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, secret, { mode: 0o600 });
  renameSync(tmp, path);
  return secret;
}
