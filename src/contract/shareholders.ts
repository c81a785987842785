import { z } from 'zod';
import { safeText } from './common';

// Holders an administrator adds and retires in the app (issue 25): POST /api/v1/shareholders,
// POST /api/v1/shareholders/:id/deactivate and /reactivate.

export const holderTypes = ['individual', 'entity'] as const;

/** A holder and the portal: never invited, invited (no password yet), or signed up. */
export const portalStates = ['none', 'invited', 'active'] as const;
export type HolderType = (typeof holderTypes)[number];

/**
 * What a holder's login may do: their own records ('holder'), see the whole registry and change
 * nothing ('read-only': a board member, auditor or counsel), or everything ('administrator').
 */
export const holderAccessLevels = ['holder', 'read-only', 'administrator'] as const;
export type HolderAccess = (typeof holderAccessLevels)[number];

/** PUT /api/v1/shareholders/:id/access: administrators are made with `npm run admin`, not here. */
export const setHolderAccessBody = z.strictObject({ access: z.enum(['holder', 'read-only']) });

export const holderMessages = {
  postalCode: 'Zip Code accepts letters, digits, spaces and hyphens.',
  postalCodeHelp: 'Such as 19901, 19901-1234 or SW1A 1AA.',
  emailInvalid: 'Enter an e-mail address such as name@example.com.',
  emailTaken: 'Another shareholder of this company already has this e-mail address.',
  hasShares:
    'Only a shareholder with no shares can be deactivated: transfer or cancel their shares first.',
  deactivateSelf: 'You cannot deactivate your own holder record.',
  noEmail: 'Add an e-mail address to the profile before inviting this shareholder.',
  inactive: 'An inactive shareholder cannot be invited: reactivate them first.',
  accessOfAdministrator:
    "This shareholder is an administrator: an administrator's access is not changed here.",
} as const;

/**
 * A postal code as the world writes them: US ZIP and ZIP+4 (19901, 19901-1234), UK (SW1A 1AA),
 * Canada (K1A 0B1), Germany (10115), Netherlands (1012 AB); empty when unknown.
 */
export const postalCode = () =>
  safeText()
    .trim()
    .max(12)
    .regex(/^(?:[A-Za-z0-9](?:[A-Za-z0-9 -]*[A-Za-z0-9])?)?$/, holderMessages.postalCode);

/** An e-mail address (the holder's sign-in name), stored in lower case; empty for none. */
export const holderEmail = () =>
  safeText()
    .trim()
    .max(320)
    .toLowerCase()
    .refine((v) => v === '' || z.email().safeParse(v).success, holderMessages.emailInvalid);

/** POST /api/v1/shareholders: a new holder of the caller's company, with no shares yet. */
export const newShareholderBody = z.strictObject({
  Name: safeText().trim().min(1).max(200),
  Email: holderEmail().default(''),
  HolderType: z.enum(holderTypes).default('individual'),
  Address: safeText().trim().max(300).default(''),
  City: safeText().trim().max(100).default(''),
  State: safeText().trim().max(100).default(''),
  ZipCode: postalCode().default(''),
  Country: safeText().trim().max(100).default(''),
  Phone: safeText().trim().max(40).default(''),
  CellPhone: safeText().trim().max(40).default(''),
  Notes: safeText().max(4000).default(''),
});
/** What a client sends (every field but Name may be left out). */
export type NewShareholderBody = z.input<typeof newShareholderBody>;
export type NewShareholder = z.output<typeof newShareholderBody>;
