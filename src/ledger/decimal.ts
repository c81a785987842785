import { LedgerError, type LedgerField } from './ledger-error';

// Amounts (share quantities and USD prices) are bigint hundredths: 12.50 is 1250n.
export const AMOUNT_SCALE = 100n;

/** numeric(15,2): at most 13 integer digits. */
export const MAX_INTEGER_DIGITS = 13;
export const MAX_AMOUNT = 10n ** 15n - 1n;

// Refuse absurd input before any regex work.
const MAX_INPUT_LENGTH = 64;
const UNSIGNED_AMOUNT = /^(\d+)(?:\.(\d{1,2}))?$/;
const UNSIGNED_DECIMAL_TOO_PRECISE = /^\d+\.\d{3,}$/;
const SIGNED_DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * Parses user input such as "100", "12.5" or " 12.50 " into hundredths.
 * Refuses signs, exponents, separators, empty input, more than 2 decimals
 * (TOO_MANY_DECIMALS) and more than 13 integer digits.
 */
export function parseAmount(input: string, field?: LedgerField): bigint {
  if (typeof input !== 'string' || input.length > MAX_INPUT_LENGTH) {
    throw new LedgerError('LEDGER.INVALID_AMOUNT', { field });
  }
  const text = input.trim();
  const match = UNSIGNED_AMOUNT.exec(text);
  if (match === null) {
    const code = UNSIGNED_DECIMAL_TOO_PRECISE.test(text)
      ? 'LEDGER.TOO_MANY_DECIMALS'
      : 'LEDGER.INVALID_AMOUNT';
    throw new LedgerError(code, { field });
  }
  const whole = match[1] ?? '';
  const fraction = match[2] ?? '';
  if (whole.replace(/^0+/, '').length > MAX_INTEGER_DIGITS) {
    throw new LedgerError('LEDGER.INVALID_AMOUNT', { field });
  }
  return BigInt(whole) * AMOUNT_SCALE + BigInt(fraction.padEnd(2, '0'));
}

/**
 * Parses a Postgres numeric as the driver returns it ("12.5", "12.50", "-3.00", "7")
 * into hundredths. Digits beyond the second decimal are accepted only when they are
 * zeros, so nothing is ever rounded away silently.
 */
export function parseSignedAmount(input: string): bigint {
  const match = typeof input === 'string' ? SIGNED_DECIMAL.exec(input.trim()) : null;
  if (match === null) throw new LedgerError('LEDGER.INVALID_AMOUNT');
  const negative = match[1] === '-';
  const whole = match[2] ?? '';
  const fraction = match[3] ?? '';
  if (/[^0]/.test(fraction.slice(2))) throw new LedgerError('LEDGER.TOO_MANY_DECIMALS');
  const value = BigInt(whole) * AMOUNT_SCALE + BigInt(fraction.slice(0, 2).padEnd(2, '0'));
  return negative ? -value : value;
}

/** Canonical text with exactly 2 decimals: 123450n is "1234.50", -5n is "-0.05". Also the form written to Postgres. */
export function formatAmount(value: bigint): string {
  const negative = value < 0n;
  const magnitude = negative ? -value : value;
  const whole = magnitude / AMOUNT_SCALE;
  const fraction = (magnitude % AMOUNT_SCALE).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${whole.toString()}.${fraction}`;
}

/**
 * numerator / denominator rounded to the nearest integer, halves away from zero
 * (the commercial "half-up": 2.5 -> 3, -2.5 -> -3).
 */
export function divRoundHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError('divRoundHalfUp: division by zero');
  const n = denominator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const quotient = n / d;
  const remainder = n % d;
  const twiceRemainder = 2n * (remainder < 0n ? -remainder : remainder);
  if (twiceRemainder < d) return quotient;
  return n < 0n ? quotient - 1n : quotient + 1n;
}
