import { z } from 'zod';

/** An exact amount with at most 2 decimals, as a string (never a JS number). */
export const amountString = z
  .string()
  .trim()
  .regex(/^\d{1,13}(\.\d{1,2})?$/, 'must be a number with at most 2 decimals');

/** A signed amount as the server sends it, always with 2 decimals: "-12.50". */
export const signedAmount = z.string().regex(/^-?\d+\.\d{2}$/);

export const isoDate = z.iso.date();

export const errorBody = z.object({
  code: z.string(),
  message: z.string(),
  field: z.string().optional(),
  details: z.record(z.string(), z.unknown()).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;
