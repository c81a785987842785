import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serverBuildInputs, webBuildInputs, webBuildStale } from './web-build-stale';

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
    'src/server/main.ts',
    'src/ledger/plan-operation.ts',
    'scripts/build.ts',
    'dist/server/main.js',
  ];
  for (const f of files) {
    mkdirSync(join(root, f, '..'), { recursive: true });
    writeFileSync(join(root, f), f);
  }
  const touch = (path: string, seconds: number) => utimesSync(join(root, path), seconds, seconds);
  const folders = ['src/web/features/directory', 'src/web/features', 'src/web', 'src/server'];
  for (const p of [...files, ...folders, 'src/contract', 'src/ledger']) touch(p, at);
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

  it('ignores inputs that do not exist (tsconfig.json and the lock file here)', () => {
    const p = project();
    p.touch('dist/web/index.html', p.at + 1);
    expect(webBuildStale(p.built, p.inputs)).toBe(false);
  });
});

describe('serverBuildInputs (npm start compiles the server only when it must)', () => {
  const server = (p: ReturnType<typeof project>) => {
    p.touch('dist/server/main.js', p.at + 60);
    return {
      stale: () => webBuildStale(join(p.root, 'dist/server/main.js'), serverBuildInputs(p.root)),
    };
  };

  it('keeps a server build newer than every server source', () => {
    expect(server(project()).stale()).toBe(false);
  });

  it.each([
    'src/server/main.ts',
    'src/ledger/plan-operation.ts',
    'src/contract/ledger.ts',
    'scripts/build.ts',
    'package.json',
  ])('compiles again when %s is newer than the build', (source) => {
    const p = project();
    const build = server(p);
    p.touch(source, p.at + 120);
    expect(build.stale()).toBe(true);
  });

  it('does not compile the server again for a web-only change', () => {
    const p = project();
    const build = server(p);
    p.touch('src/web/features/directory/directory-page.tsx', p.at + 120);
    p.touch('src/web/features/directory', p.at + 120);
    expect(build.stale()).toBe(false);
  });
});
