import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/database';
import { idempotencyKey, idempotencyMessages } from '../../contract/ledger';
import { AppError } from '../http/app-error';
import { rows } from '../db/sql';

/** How long a claimed key blocks a retry before it counts as abandoned (a crashed request). */
const IN_FLIGHT_SECONDS = 60;
/** Keys are kept at least 24 h (checklist LED-08); purged after this many hours. */
export const KEEP_HOURS = 72;

export interface StoredAnswer {
  status: number;
  body: unknown;
}

export type Claim = { kind: 'claimed' } | { kind: 'replay'; answer: StoredAnswer };

/** A stable hash of a JSON value: object keys sorted, so key order does not matter. */
export function requestHash(value: unknown): string {
  const canonical = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(canonical);
    if (v && typeof v === 'object') {
      return Object.fromEntries(
        Object.entries(v as Record<string, unknown>)
          .filter(([, x]) => x !== undefined)
          .sort(([a], [b]) => (a < b ? -1 : 1))
          .map(([k, x]) => [k, canonical(x)]),
      );
    }
    return v;
  };
  return createHash('sha256')
    .update(JSON.stringify(canonical(value)))
    .digest('hex');
}

/**
 * The Idempotency-Key of a posting request, checked by the contract's rule: missing or blank is
 * IDEMPOTENCY.KEY_REQUIRED, anything but 1 to 255 visible ASCII characters KEY_INVALID. Routes
 * that always post declare the header in their schema (`postingHeaders`) and get the same answer
 * from the error handler.
 */
export function requireIdempotencyKey(header: string | string[] | undefined): string {
  const key = Array.isArray(header) ? header[0] : header;
  const parsed = idempotencyKey.safeParse(key);
  if (parsed.success) return parsed.data;
  throw idempotencyKeyRefusal(key);
}

/** The coded refusal of a missing, blank or malformed key. */
export function idempotencyKeyRefusal(key: string | undefined): AppError {
  return key === undefined || key.trim() === ''
    ? new AppError({
        code: 'IDEMPOTENCY.KEY_REQUIRED',
        message: idempotencyMessages.required,
        field: 'Idempotency-Key',
      })
    : new AppError({
        code: 'IDEMPOTENCY.KEY_INVALID',
        message: idempotencyMessages.invalid,
        field: 'Idempotency-Key',
      });
}

/** Claims a new key: one row when it was free, none when it is taken (see claimIdempotencyKey). */
export const claimStatement = (opts: { scope: string; key: string; hash: string }): SQL =>
  sql`insert into idempotency_key (scope, key, request_hash, state, locked_until)
      values (${opts.scope}, ${opts.key}, ${opts.hash}, 'in_flight',
              now() + make_interval(secs => ${IN_FLIGHT_SECONDS}))
      on conflict (scope, key) do nothing
      returning key`;

/**
 * Claims (scope, key) for this request, or returns the stored first answer. The same key with
 * another body answers IDEMPOTENCY.KEY_REUSED (422); one still being processed, IN_FLIGHT (409).
 */
export async function claimIdempotencyKey(
  db: Db,
  opts: { scope: string; key: string; hash: string },
): Promise<Claim> {
  const inserted = await rows<{ key: string }>(db, claimStatement(opts));
  if (inserted.length > 0) return { kind: 'claimed' };

  const [existing] = await rows<{
    request_hash: string;
    state: 'in_flight' | 'done';
    response_status: number | null;
    response_body: unknown;
  }>(
    db,
    sql`select request_hash, state, response_status, response_body
          from idempotency_key where scope = ${opts.scope} and key = ${opts.key}`,
  );
  if (!existing) return claimIdempotencyKey(db, opts);
  if (existing.request_hash !== opts.hash) {
    throw new AppError({
      code: 'IDEMPOTENCY.KEY_REUSED',
      message: 'This Idempotency-Key was already used with a different request.',
      field: 'Idempotency-Key',
    });
  }
  if (existing.state === 'done' && existing.response_status !== null) {
    return {
      kind: 'replay',
      answer: { status: existing.response_status, body: parseBody(existing.response_body) },
    };
  }
  // Abandoned by a request that died before answering: take it over.
  const taken = await rows<{ key: string }>(
    db,
    sql`update idempotency_key
           set locked_until = now() + make_interval(secs => ${IN_FLIGHT_SECONDS})
         where scope = ${opts.scope} and key = ${opts.key} and state = 'in_flight'
           and locked_until < now()
     returning key`,
  );
  if (taken.length > 0) return { kind: 'claimed' };
  throw new AppError({
    code: 'IDEMPOTENCY.IN_FLIGHT',
    message: 'A request with this Idempotency-Key is still being processed.',
    field: 'Idempotency-Key',
  });
}

/** Stores the answer; called inside the ledger transaction for a success, so both commit together. */
export async function completeIdempotencyKey(
  db: Db | Tx,
  opts: { scope: string; key: string; answer: StoredAnswer },
): Promise<void> {
  await db.execute(
    sql`update idempotency_key
           set state = 'done', response_status = ${opts.answer.status},
               response_body = ${JSON.stringify(opts.answer.body)}, locked_until = null
         where scope = ${opts.scope} and key = ${opts.key}`,
  );
}

/** Frees a key whose request ended without an answer worth keeping (503: nothing was written). */
export async function releaseIdempotencyKey(
  db: Db,
  opts: { scope: string; key: string },
): Promise<void> {
  await db.execute(
    sql`delete from idempotency_key
         where scope = ${opts.scope} and key = ${opts.key} and state = 'in_flight'`,
  );
}

export async function purgeExpiredIdempotencyKeys(db: Db): Promise<void> {
  await db.execute(
    sql`delete from idempotency_key
         where created_at < now() - make_interval(hours => ${KEEP_HOURS})`,
  );
}

function parseBody(body: unknown): unknown {
  return typeof body === 'string' ? (JSON.parse(body) as unknown) : body;
}
