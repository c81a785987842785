import type { ProfileResponse, SaveProfileForm } from '../../../contract/ledger';
import { noticesOptOutLabel } from '../../../contract/notices';

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
  Notices: 'E-mail notices',
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
  Notices: p.notices,
});

/**
 * The notices checkbox, in the words of whoever reads it (`own`: the signed-in user's profile);
 * each notice quotes the holder's words to say how to turn them off (server/notices).
 */
export const NOTICES_WORDS = {
  holder: {
    label: noticesOptOutLabel,
    help: 'What changed, your shares after it and a link to your statement.',
    noEmail: 'There is no e-mail address on your profile: ask an administrator to add one.',
  },
  administrator: {
    label: 'E-mail a notice to this holder after each change to their shares',
    help: 'What changed, their shares after it and a link to their statement.',
    noEmail: 'No notice can be sent until the holder has an e-mail address.',
  },
};
