// The one way amounts, counts and dates are shown, on screen and in the statement PDF alike.
// Amounts arrive as exact decimal strings ("1250.00", "-12.50"); they are formatted as text, never
// through a JS float, so large share counts keep every digit.

const AMOUNT = /^(-?)(\d+)(?:\.(\d+))?$/;

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

function splitAmount(value: string): { negative: boolean; whole: string; fraction: string } {
  const match = AMOUNT.exec(value.trim());
  if (!match) return { negative: false, whole: value, fraction: '' };
  const whole = (match[2] ?? '0').replace(/^0+(?=\d)/, '');
  const fraction = (match[3] ?? '').padEnd(2, '0').slice(0, 2);
  const isZero = /^0*$/.test(whole) && /^0*$/.test(fraction);
  return { negative: match[1] === '-' && !isZero, whole, fraction };
}

/** Share quantities, en-US: "1250.00" → "1,250", "12.50" → "12.50", "-3.00" → "-3". */
export function formatShares(value: string): string {
  const { negative, whole, fraction } = splitAmount(value);
  const decimals = /^0*$/.test(fraction) ? '' : `.${fraction}`;
  return `${negative ? '-' : ''}${groupThousands(whole)}${decimals}`;
}

/** Money with a $ prefix and 2 decimals: "1250.5" → "$1,250.50", "-3.00" → "-$3.00". */
export function formatCost(value: string): string {
  const { negative, whole, fraction } = splitAmount(value);
  return `${negative ? '-' : ''}$${groupThousands(whole)}.${fraction || '00'}`;
}

/** A plain count (number of holders): 12345 → "12,345". */
export function formatCount(value: number): string {
  return value.toLocaleString('en-US');
}

const MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

/** The one date format of the app: "2026-01-05" → "Jan 5, 2026" (no time zone shift). */
export function formatDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  if (!match) return isoDate;
  const month = MONTHS[Number(match[2]) - 1];
  if (!month) return isoDate;
  return `${month} ${Number(match[3])}, ${match[1]}`;
}

interface PostalAddress {
  address: string;
  city: string;
  state: string;
  zipCode: string;
  country?: string;
}

/** A postal address as lines: street; "City, ST 12345"; country. Empty parts are left out. */
export function addressLines(a: PostalAddress): string[] {
  const cityLine = [a.city, [a.state, a.zipCode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return [a.address, cityLine, a.country ?? ''].filter(Boolean);
}

/** The same address on one line: "street, City, ST 12345". */
export const addressLine = (a: PostalAddress): string => addressLines(a).join(', ');

/** Under every statement's history, on screen, in print and in the PDF. */
export const statementBalanceNote =
  'Balance: the holder’s shares after each row, common and preferred together.';
