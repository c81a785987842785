// `npm install` on the oldest Node the README promises prints no engine warning (EBADENGINE):
// every installed package's `engines.node` admits it, and package.json promises the same.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const read = <T>(file: string) => JSON.parse(readFileSync(join(root, file), 'utf8')) as T;
const lock = read<{ packages: Record<string, { engines?: unknown }> }>('package-lock.json');
const promised = read<{ engines: { node: string } }>('package.json').engines.node;

/** The packages npm installed here that name the Node versions they support. */
const installed = Object.entries(lock.packages).flatMap(([path, entry]) => {
  const engines = entry.engines as { node?: unknown } | undefined;
  return path !== '' && typeof engines?.node === 'string' && existsSync(join(root, path))
    ? [{ path, range: engines.node }]
    : [];
});

describe('Node versions', () => {
  it('the README promises what package.json does', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    expect(promised).toBe('>=20.19');
    expect(readme).toContain('Node.js ≥ 20.19');
  });

  it('lists packages to check', () => {
    expect(installed.length).toBeGreaterThan(50);
  });

  it.each(['20.19.0', process.versions.node])('every installed package supports Node %s', (v) => {
    const refusing = installed.filter((p) => !semver.satisfies(v, p.range));
    expect(refusing).toEqual([]);
  });
});
