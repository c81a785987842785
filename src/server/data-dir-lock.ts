import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `Another server (pid ${pid}) is already using the data directory ${dataDir}. Stop it first, or set DATA_DIR to another folder.`,
    );
  }
}

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: the process exists but belongs to someone else.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * An exclusive lock on the embedded database's folder: PGlite has none of its own, and two
 * processes on one folder silently lose writes. A lock left by a killed process is taken over.
 * Returns the release function.
 */
export function lockDataDir(dataDir: string, pid = process.pid): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = join(dataDir, 'server.pid');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx', 0o600);
      writeSync(fd, String(pid));
      closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        if (readPid(lockPath) === pid) rmSync(lockPath, { force: true });
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const holder = readPid(lockPath);
      if (holder !== undefined && holder !== pid && isAlive(holder))
        throw new DataDirLockedError(dataDir, holder);
      // Stale (the holder died) or unreadable (it died while writing): take it over.
      rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock the data directory ${dataDir}`);
}

function readPid(lockPath: string): number | undefined {
  try {
    const n = Number.parseInt(readFileSync(lockPath, 'utf8').trim(), 10);
    return Number.isInteger(n) && n > 0 ? n : undefined;
  } catch {
    return undefined;
  }
}
