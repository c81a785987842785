/**
 * The characters that make a spreadsheet read a cell as a formula (or a DDE command) when they
 * begin it: `=`, `+`, `-`, `@`, a tab, a carriage return (OWASP's CSV injection list) and NUL
 * (checklist INJ-07).
 */
const FORMULA_START = /^[=+\-@\t\r\0]/;

/**
 * A text cell that no spreadsheet will run: one that begins like a formula gets a single quote
 * before it (checklist INJ-07). The one rule for both formats, CSV and XLSX; only text cells go
 * through it (a negative number stays a number).
 */
export const inertText = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text);
