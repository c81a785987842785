import { formatAmount, MAX_INTEGER_DIGITS, parseAmount } from '../../../ledger';

// OCF Numeric strings ("1000000000.00", "0.0001000000") as the ledger's exact decimal strings:
// never through a float. Trailing zeros past the ledger's 2 decimals are dropped; any other digit
// there is refused (null), as is a negative or an amount past the ledger's range.

const NUMERIC = /^(\d+)(?:\.(\d+))?$/;

export function exactAmount(text: string): string | null {
  const match = NUMERIC.exec(text.trim());
  if (!match) return null;
  const whole = match[1]!.replace(/^0+(?=\d)/, '');
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > 2 || whole.length > MAX_INTEGER_DIGITS) return null;
  return formatAmount(parseAmount(fraction ? `${whole}.${fraction}` : whole));
}
