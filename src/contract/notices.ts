// The e-mail notice after each operation (issue 25, decision 123): words the profile page shows
// and each notice quotes, so that a holder finds the checkbox the notice tells them to untick.

/** The profile checkbox on a holder's own profile. */
export const noticesOptOutLabel = 'E-mail me a notice after each change to my shares';
