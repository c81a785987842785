import { appendFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The Vitest run's server log (LOG-03, issue 23): every line a test's app or spawned server logs,
 * and the secrets the tests used or were given, go to files in the run's folder
 * (REGISTRY_SUITE_LOG_DIR, made by check-suite-server-log.ts), which a check reads once the whole
 * run is over, failed tests included. Outside such a run nothing is kept.
 */
const dir = process.env.REGISTRY_SUITE_LOG_DIR;
const file = (ext: string) => join(dir!, `${process.pid}.${ext}`);

let lines: string[] = [];
let size = 0;
const known = new Set<string>();
let secrets: string[] = [];

/** Writes out what is held: when it grows, when an app closes, and when the worker exits. */
export function flushSuiteServerLog(): void {
  if (!dir) return;
  if (lines.length) appendFileSync(file('log'), lines.join(''));
  if (secrets.length) appendFileSync(file('secrets'), `${JSON.stringify(secrets)}\n`);
  lines = [];
  size = 0;
  secrets = [];
}
if (dir) process.on('exit', flushSuiteServerLog);

/** Log output of a test's server, as it was written. */
export function recordServerLog(text: string): void {
  if (!dir || !text) return;
  lines.push(text.endsWith('\n') ? text : `${text}\n`);
  size += text.length;
  if (size > 1 << 20) flushSuiteServerLog();
}

/** Secrets a test used or was given (passwords, tokens): none may be in the log. */
export function recordSecrets(...values: Array<string | null | undefined>): void {
  if (!dir) return;
  for (const v of values)
    if (v && v.length >= 8 && !known.has(v)) {
      known.add(v);
      secrets.push(v);
    }
}
