import { z } from 'zod';

/** An exact amount with at most 2 decimals, as a string (never a JS number). */
export const amountString = z
  .string()
  .trim()
  .regex(/^\d{1,13}(\.\d{1,2})?$/, 'must be a number with at most 2 decimals');

/** A signed amount as the server sends it, always with 2 decimals: "-12.50". */
export const signedAmount = z.string().regex(/^-?\d+\.\d{2}$/);

/** A UTF-16 surrogate that is not half of a pair. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Any text a client sends. PostgreSQL cannot store a NUL character or an unpaired surrogate, so
 * they are refused here (400 naming the field) rather than by the database (500).
 */
export const safeText = () =>
  z
    .string()
    .refine(
      (s) => !s.includes('\u0000') && !LONE_SURROGATE.test(s),
      'must not contain a NUL character or an unpaired surrogate',
    );

export const MIN_DATE = '1900-01-01';
export const MAX_DATE = '9999-12-31';

/** A calendar date, YYYY-MM-DD, between 1900-01-01 and 9999-12-31. */
export const isoDate = z.iso
  .date()
  .refine(
    (d) => d >= MIN_DATE && d <= MAX_DATE,
    `must be a date between ${MIN_DATE} and ${MAX_DATE}`,
  );

export const errorBody = z.object({
  code: z.string(),
  message: z.string(),
  field: z.string().optional(),
  details: z.record(z.string(), z.unknown()).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;
