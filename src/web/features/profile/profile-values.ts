import type { ProfileResponse, SaveProfileForm } from '../../../contract/ledger';

/** The labels the fields' messages name (contract/issue-words.ts). */
export const PROFILE_LABELS = {
  FullName: 'Name',
  Email: 'E-mail',
  State: 'State',
  City: 'City',
  Address: 'Address',
  ZipCode: 'Zip Code',
  Country: 'Country',
  Phone: 'Phone',
  CellPhone: 'Cell Phone',
  Notes: 'Notes',
} satisfies Record<keyof SaveProfileForm, string>;

export const isProfileField = (name: string | undefined): name is keyof SaveProfileForm =>
  name !== undefined && Object.hasOwn(PROFILE_LABELS, name);

/**
 * Notes are the holder's (the spec's field): who reads them, said to whoever edits them (`own`:
 * the signed-in user's own profile).
 */
export const NOTES_HELP = {
  administrator: "The shareholder's own notes: they see them on their profile and can change them.",
  holder: 'Your notes. Administrators of your company can read them too.',
};

export const profileValues = (p: ProfileResponse): SaveProfileForm => ({
  FullName: p.fullName || p.name,
  Email: p.email ?? '',
  State: p.state,
  City: p.city,
  Address: p.address,
  ZipCode: p.zipCode,
  Country: p.country,
  Phone: p.phoneNumber,
  CellPhone: p.cellphoneNumber,
  Notes: p.notes,
});
