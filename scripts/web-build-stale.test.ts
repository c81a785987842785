import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { webBuildInputs, webBuildStale } from './web-build-stale';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A project with sources and a build, every file dated `at` seconds since the epoch. */
function project(at = 1_700_000_000) {
  const root = mkdtempSync(join(tmpdir(), 'registry-stale-'));
  dirs.push(root);
  const files = [
    'src/web/main.tsx',
    'src/web/features/directory/directory-page.tsx',
    'src/contract/ledger.ts',
    'vite.config.ts',
    'package.json',
    'dist/web/index.html',
  ];
  for (const f of files) {
    mkdirSync(join(root, f, '..'), { recursive: true });
    writeFileSync(join(root, f), f);
  }
  const touch = (path: string, seconds: number) => utimesSync(join(root, path), seconds, seconds);
  for (const p of [...files, 'src/web/features/directory', 'src/web/features', 'src/web'])
    touch(p, at);
  touch('src/contract', at);
  const built = join(root, 'dist/web/index.html');
  return { root, touch, built, inputs: webBuildInputs(root), at };
}

describe('webBuildStale (npm start builds the web app only when it must)', () => {
  it('builds when there is no build', () => {
    const p = project();
    rmSync(p.built);
    expect(webBuildStale(p.built, p.inputs)).toBe(true);
  });

  it('keeps a build newer than every source', () => {
    const p = project();
    p.touch('dist/web/index.html', p.at + 60);
    expect(webBuildStale(p.built, p.inputs)).toBe(false);
  });

  it.each([
    'src/web/features/directory/directory-page.tsx',
    'src/contract/ledger.ts',
    'vite.config.ts',
    'package.json',
  ])('builds again when %s is newer than the build', (source) => {
    const p = project();
    p.touch('dist/web/index.html', p.at + 60);
    p.touch(source, p.at + 120);
    expect(webBuildStale(p.built, p.inputs)).toBe(true);
  });

  it('builds again when a source file was deleted after the build (its folder changed)', () => {
    const p = project();
    p.touch('dist/web/index.html', p.at + 60);
    rmSync(join(p.root, 'src/web/features/directory/directory-page.tsx'));
    expect(webBuildStale(p.built, p.inputs)).toBe(true);
  });

  it('ignores inputs that do not exist (src/ledger, tsconfig.json and the lock file here)', () => {
    const p = project();
    p.touch('dist/web/index.html', p.at + 1);
    expect(webBuildStale(p.built, p.inputs)).toBe(false);
  });
});
