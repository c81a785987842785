import { z } from 'zod';
import { CLASS_TYPES } from '../ledger';
import { amountField, signedAmount } from './common';

// The company's share classes and their authorized shares (issue 25):
// GET /api/v1/share-classes, PUT /api/v1/share-classes/:id.

export const shareClassRow = z.object({
  id: z.uuid(),
  name: z.string(),
  classType: z.enum(CLASS_TYPES),
  /** Certificate numbers' prefix: "CS", "PS". */
  prefix: z.string(),
  /** The charter's limit, or null when none is set. */
  authorized: signedAmount.nullable(),
  /**
   * Shares issued and not cancelled. Cancelled shares are retired (no treasury shares are kept),
   * so issued equals outstanding.
   */
  issued: signedAmount,
  outstanding: signedAmount,
  /** outstanding / authorized × 100, 4 decimals (half up), or null without a limit. */
  percentOfAuthorized: z
    .string()
    .regex(/^\d+\.\d{4}$/)
    .nullable(),
});
export type ShareClassRow = z.infer<typeof shareClassRow>;

export const shareClassesResponse = z.object({ classes: z.array(shareClassRow) });
export type ShareClassesResponse = z.infer<typeof shareClassesResponse>;

export const shareClassMessages = {
  belowOutstanding:
    'Authorized shares cannot be fewer than the shares outstanding: cancel shares first.',
  notFound: 'Share class not found.',
} as const;

/** PUT /api/v1/share-classes/:id: the limit in shares (2 decimals at most), or null for none. */
export const updateShareClassBody = z.strictObject({
  authorized: amountField().nullable(),
});
export type UpdateShareClassBody = z.input<typeof updateShareClassBody>;
