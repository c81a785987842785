import { randomBytes } from 'node:crypto';
import {
  closeSync,
  fstatSync,
  linkSync,
  lstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
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

/** What a lock file says: the pid, and when /proc exists the process's start time (pid reuse). */
interface Holder {
  /** Undefined when the file holds no pid (not written by us): it counts as stale. */
  pid: number | undefined;
  startTime: string | undefined;
  /** The file's inode, so a takeover can tell the stale file from a fresh one. */
  ino: number;
}

/** The fields of /proc/<pid>/stat after the command name, from field 3 (the state) on. */
function statFields(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count from the last ')'.
    return stat
      .slice(stat.lastIndexOf(')') + 1)
      .trim()
      .split(' ');
  } catch {
    return undefined;
  }
}

/** Field 22 of /proc/<pid>/stat: ticks since boot; with the pid it names one process for good. */
export const processStartTime = (pid: number): string | undefined => statFields(pid)?.[19];

/** A zombie (killed, not yet reaped by its parent) or a dead process holds nothing. */
const isZombie = (pid: number): boolean => ['Z', 'X', 'x'].includes(statFields(pid)?.[0] ?? '');

function isAlive(holder: Holder): holder is Holder & { pid: number } {
  if (holder.pid === undefined) return false;
  try {
    process.kill(holder.pid, 0);
  } catch (e) {
    // EPERM: the process exists but belongs to someone else.
    if ((e as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  if (isZombie(holder.pid)) return false;
  // The pid lives, but after a crash and a restart it may now be another process.
  if (holder.startTime === undefined) return true;
  const now = processStartTime(holder.pid);
  return now === undefined || now === holder.startTime;
}

function readHolder(path: string): Holder | undefined {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
  try {
    const [pidText, startTime] = readFileSync(fd, 'utf8').trim().split('\n');
    const pid = Number(pidText);
    return {
      pid: Number.isSafeInteger(pid) && pid > 0 ? pid : undefined,
      startTime: startTime || undefined,
      ino: fstatSync(fd).ino,
    };
  } finally {
    closeSync(fd);
  }
}

const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

const inoOf = (path: string): number | undefined => {
  try {
    return lstatSync(path).ino;
  } catch {
    return undefined;
  }
};

/**
 * Moves a stale file out of the way only if it is still the file judged stale (same inode):
 * renamed aside first (atomic, only one process gets it), then checked; a live file moved by
 * mistake goes back.
 */
function removeIfSame(path: string, ino: number): void {
  const aside = `${path}.stale-${randomBytes(6).toString('hex')}`;
  try {
    renameSync(path, aside);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw e;
  }
  if (inoOf(aside) !== ino) {
    try {
      linkSync(aside, path);
    } catch {
      // Someone else's file is there now; they own it.
    }
  }
  rmSync(aside, { force: true });
}

/**
 * An exclusive lock on the embedded database's folder: PGlite has none of its own, and two
 * processes on one folder silently lose writes. The lock file `server.pid` is written whole into a
 * temporary file and hard-linked into place (link fails if the name exists: one winner, and no
 * reader ever sees it empty). A lock left by a dead process is taken over under a second lock,
 * `server.pid.takeover`, so that two starters cannot remove each other's fresh lock.
 * Returns the release function.
 */
export function lockDataDir(dataDir: string, pid = process.pid): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = join(dataDir, 'server.pid');
  const takeoverPath = `${lockPath}.takeover`;
  const tmp = join(dataDir, `.server.pid.${pid}.${randomBytes(6).toString('hex')}`);
  const startTime = processStartTime(pid);
  writeFileSync(tmp, startTime ? `${pid}\n${startTime}\n` : `${pid}\n`, { mode: 0o600 });
  const myIno = inoOf(tmp)!;
  const give = (ms: number) => sleep(ms + Math.random() * ms);
  const deadline = Date.now() + 1500;
  try {
    while (Date.now() < deadline) {
      try {
        linkSync(tmp, lockPath);
        let released = false;
        return () => {
          if (released) return;
          released = true;
          if (inoOf(lockPath) === myIno) rmSync(lockPath, { force: true });
        };
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      }
      const holder = readHolder(lockPath);
      if (holder === undefined) continue; // released in between: try again
      if (holder.pid !== pid && isAlive(holder)) throw new DataDirLockedError(dataDir, holder.pid);

      // Stale. Only the holder of the takeover lock may remove it.
      try {
        linkSync(tmp, takeoverPath);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
        const other = readHolder(takeoverPath);
        if (other !== undefined && !isAlive(other)) removeIfSame(takeoverPath, other.ino);
        give(5); // another starter is taking over; then its lock is live, or gone again
        continue;
      }
      try {
        // Holding the takeover lock, nobody else removes server.pid: judge it again.
        const now = readHolder(lockPath);
        if (now !== undefined) {
          if (now.pid !== pid && isAlive(now)) throw new DataDirLockedError(dataDir, now.pid);
          removeIfSame(lockPath, now.ino);
        }
      } finally {
        if (inoOf(takeoverPath) === myIno) rmSync(takeoverPath, { force: true });
      }
    }
  } finally {
    rmSync(tmp, { force: true });
  }
  throw new Error(`Could not lock the data directory ${dataDir}: try again`);
}
