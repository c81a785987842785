import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readOrCreateSessionSecret } from './session-secret';

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'registry-secret-'));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('readOrCreateSessionSecret', () => {
  it('makes a random secret on first start, keeps it in DATA_DIR with mode 600, and reuses it', () => {
    const dataDir = join(tempDir(), 'not-yet-there');
    const secret = readOrCreateSessionSecret(dataDir);
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes
    const path = join(dataDir, 'session-secret');
    expect(readFileSync(path, 'utf8')).toBe(secret);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readdirSync(dataDir)).toEqual(['session-secret']);

    expect(readOrCreateSessionSecret(dataDir)).toBe(secret);
    expect(readOrCreateSessionSecret(tempDir())).not.toBe(secret);
  });

  it('replaces a kept secret that is too short to be one', () => {
    const dataDir = tempDir();
    writeFileSync(join(dataDir, 'session-secret'), 'short\n');
    const secret = readOrCreateSessionSecret(dataDir);
    expect(secret).toHaveLength(43);
    expect(readFileSync(join(dataDir, 'session-secret'), 'utf8')).toBe(secret);
  });

  it('reads a secret written by hand (trailing newline ignored)', () => {
    const dataDir = tempDir();
    writeFileSync(join(dataDir, 'session-secret'), `${'k'.repeat(40)}\n`);
    expect(readOrCreateSessionSecret(dataDir)).toBe('k'.repeat(40));
  });
});
