import { boolean, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, shares, uuidKey } from './columns';

// The company every row belongs to, and the columns that say so: the other schema files import
// these, never schema.ts (which re-exports them all).

/** The issuing company; its legal name and address head every statement. */
export const organization = pgTable('organization', {
  id: uuidKey(),
  legalName: text('legal_name').notNull(),
  address: text('address').notNull().default(''),
  city: text('city').notNull().default(''),
  state: text('state').notNull().default(''),
  zipCode: text('zip_code').notNull().default(''),
  country: text('country').notNull().default('US'),
  // Where the company's "today" is (IANA name): default dates, as-of dates, no future dates.
  timeZone: text('time_zone').notNull().default('America/New_York'),
  // The next certificate number; taken under a row lock so numbers are sequential and never reused.
  nextCertificateNumber: integer('next_certificate_number').notNull().default(1),
  // The directory's totals over its listed holders (active, named; administrators only with a
  // balance), kept by triggers on shareholder (migrations 0003, 0017) so a directory page never
  // sums 100,000 rows. Holders of record are the listed holders with shares (Total
  // Shareholders); the others are listed with no shares.
  listedHolders: integer('listed_holders').notNull().default(0),
  holdersOfRecord: integer('holders_of_record').notNull().default(0),
  listedCommonShares: shares('listed_common_shares').notNull().default('0'),
  listedPreferredShares: shares('listed_preferred_shares').notNull().default('0'),
  // The restrictive legend printed on every certificate, set once by an administrator (issue 25).
  certificateLegend: text('certificate_legend').notNull().default(''),
  // Whole shares only: a fractional amount is refused with the field named (issue 25).
  wholeSharesOnly: boolean('whole_shares_only').notNull().default(false),
  createdAt: createdAt(),
});

/** The company the row belongs to. */
export function organizationRef() {
  return uuid('organization_id')
    .notNull()
    .references(() => organization.id);
}

/** The first columns of a row one company owns: its random id and its organization. */
export function companyRow() {
  return { id: uuidKey(), organizationId: organizationRef() };
}
