import { z } from 'zod';
import { CLASS_TYPES } from '../ledger';
import { isoDate, signedAmount } from './common';
import { shareClassRow } from './share-classes';

// The cap table (GET /api/v1/cap-table) and the stockholder list of DGCL §219
// (GET /api/v1/stockholder-list and .csv), as of a date (issue 25, decision 121).

export { capTablePaths, capTableQueryKeys, TOP_HOLDERS } from './constants/cap-table';

/** A percentage with 4 decimals, half up: "12.3456". */
const percent = z.string().regex(/^\d+\.\d{4}$/);

/** ?asOf=YYYY-MM-DD: the company's today when left out; a later date is refused (400). */
export const asOfQuery = z.object({ asOf: isoDate.optional() });

/** A class on the date: the share-classes row with its holders and its part of all shares. */
export const capTableClass = shareClassRow.extend({
  /** Holders with shares of this class on the date. */
  holders: z.number().int(),
  /** This class's outstanding shares as a percent of all outstanding shares. */
  percentOfOutstanding: percent,
});
export type CapTableClass = z.infer<typeof capTableClass>;

/** Shares and ownership of a holder, or of all other holders together. */
const holding = z.object({
  common: signedAmount,
  preferred: signedAmount,
  balance: signedAmount,
  /** Of all outstanding shares; `commonPercent`, `preferredPercent`: of the class's. */
  ownershipPercent: percent,
  commonPercent: percent,
  preferredPercent: percent,
});

export const capTableHolder = holding.extend({ id: z.uuid(), name: z.string() });
export type CapTableHolder = z.infer<typeof capTableHolder>;

export const capTableResponse = z.object({
  asOf: isoDate,
  totals: z.object({
    /** Holders of record: with shares of any class on the date. */
    holders: z.number().int(),
    outstanding: signedAmount,
  }),
  /** Each class, common first. `authorized` is today's limit (its changes are audited). */
  classes: z.array(capTableClass),
  /** The holders with the most shares on the date (at most TOP_HOLDERS), most first. */
  topHolders: z.array(capTableHolder),
  /** Every other holder of record together. */
  others: holding.extend({ holders: z.number().int() }),
});
export type CapTableResponse = z.infer<typeof capTableResponse>;

/** A holder of record on the list: name, address and shares of the class. */
export const stockholderListEntry = z.object({
  id: z.uuid(),
  name: z.string(),
  fullName: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  country: z.string(),
  shares: signedAmount,
});
export type StockholderListEntry = z.infer<typeof stockholderListEntry>;

export const stockholderListResponse = z.object({
  asOf: isoDate,
  company: z.string(),
  /** Each class (common, then preferred) with its holders of record, alphabetical by name. */
  classes: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      classType: z.enum(CLASS_TYPES),
      totalShares: signedAmount,
      holders: z.array(stockholderListEntry),
    }),
  ),
});
export type StockholderListResponse = z.infer<typeof stockholderListResponse>;
