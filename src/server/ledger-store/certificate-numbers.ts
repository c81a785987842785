import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database';
import { certificateLabel } from './certificate-label';
import { rows } from './sql';

/**
 * New certificates get their numbers as their transaction commits (migration 0004), so what an
 * operation answers is built with stand-ins: the i-th new certificate's number is -(i + 1) (the
 * answers hold no other numbers) and its label `${standIn}${i}`. `standIn` is unique to the
 * operation, so no name or note can be taken for one.
 */
export interface PendingNumbers {
  standIn: string;
  /** The new certificates in the order of their stand-ins; then any origin not numbered yet. */
  certificateIds: string[];
}

export const newStandIn = (): string => `\u{E000}${randomUUID()}:`;

/** Reads the numbers and prefixes of the certificates given; see `withNumbers`. */
export const numbersOf = (certificateIds: string[]): SQL =>
  sql`select c.id, c.number, cls.prefix
        from certificate c join share_class cls on cls.id = c.class_id
       where c.id in ${certificateIds}`;

export interface NumberedCertificate {
  id: string;
  number: number;
  prefix: string;
}

/** Puts the committed numbers and labels of `pending`'s certificates in place of their stand-ins. */
export async function fillInNumbers<T>(db: Db, value: T, pending: PendingNumbers): Promise<T> {
  if (pending.certificateIds.length === 0) return value;
  return withNumbers(
    value,
    pending,
    await rows<NumberedCertificate>(db, numbersOf(pending.certificateIds)),
  );
}

/** `value` with the stand-ins of `pending` replaced from `found` (the rows of `numbersOf`). */
export function withNumbers<T>(value: T, pending: PendingNumbers, found: NumberedCertificate[]): T {
  if (pending.certificateIds.length === 0) return value;
  const byId = new Map(found.map((c) => [c.id, c]));
  const numbered = pending.certificateIds.map((id) => {
    const c = byId.get(id);
    if (!c || c.number < 1) throw new Error(`certificate ${id} has no number yet`);
    return c;
  });
  const fill = (v: unknown): unknown => {
    if (typeof v === 'number' && Number.isInteger(v) && v < 0) return numbered[-v - 1]!.number;
    if (typeof v === 'string' && v.startsWith(pending.standIn)) {
      const c = numbered[Number(v.slice(pending.standIn.length))]!;
      return certificateLabel(c.prefix, c.number);
    }
    if (Array.isArray(v)) return v.map(fill);
    if (v && typeof v === 'object')
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fill(x)]));
    return v;
  };
  return fill(value) as T;
}
