import { z } from 'zod';

const AMOUNT_MESSAGE = 'must be a number with at most 2 decimals and 15 significant digits';

/** An exact amount with at most 2 decimals, as a string (never a JS number). */
/** At most 13 integer digits and 2 decimals, no sign, no exponent. */
export const AMOUNT = /^\d{1,13}(\.\d{1,2})?$/;

export const amountString = z.string().trim().regex(AMOUNT, AMOUNT_MESSAGE);

/**
 * A JSON number taken exactly as its shortest decimal text (what JSON.stringify wrote): 0.1 is
 * "0.1", never 0.1000000000000000055. More than 15 significant digits cannot survive a double, so
 * such a number is refused rather than silently rounded.
 */
const amountNumber = () =>
  z.number().transform((n, ctx) => {
    const text = String(n);
    const digits = text.replace('.', '').replace(/^0+/, '');
    if (!/^\d+(\.\d+)?$/.test(text) || digits.length > 15) {
      ctx.addIssue({ code: 'custom', message: AMOUNT_MESSAGE, input: n });
      return z.NEVER;
    }
    return text;
  });

/**
 * An amount a client sends: "1250.50" or 1250.5, read exactly; at most 2 decimals. Built anew for
 * each field of a schema: a transform named twice in one schema loses its number branch in the
 * OpenAPI document (zod's JSON Schema of a repeated transform is empty).
 */
export const amountField = () => z.union([amountString, amountNumber().pipe(amountString)]);
export const amount = amountField();

/** A signed amount as the server sends it, always with 2 decimals: "-12.50". */
export const signedAmount = z.string().regex(/^-?\d+\.\d{2}$/);

/** A UTF-16 surrogate that is not half of a pair. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Any text a client sends. PostgreSQL cannot store a NUL character or an unpaired surrogate, so
 * they are refused here (400 naming the field) rather than by the database (500).
 */
export const safeText = (params?: Parameters<typeof z.string>[0]) =>
  z
    .string(params)
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
