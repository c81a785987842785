// The spec's words after a save (section 8), word for word: the profile and the transactions
// form say the same; the second is for what the person cannot fix.
export const INFORMATION_SAVED = 'Your information was successfully updated.';
export const INFORMATION_NOT_SAVED = 'The information was not saved. Please contact support.';
