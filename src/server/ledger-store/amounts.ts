import { divRoundHalfUp, formatAmount, parseSignedAmount } from '../../ledger';

/** A numeric with 2 decimals as Postgres returns it ("12.5", "-3.00") → hundredths. */
export const toHundredths = (text: string | null | undefined): bigint =>
  text === null || text === undefined ? 0n : parseSignedAmount(text);

/** Text already in canonical form: no leading zero, exactly 2 decimals, no "-0.00". */
const CANONICAL = /^(?:-(?!0\.00$))?(?:0|[1-9]\d*)\.\d\d$/;

/**
 * Canonical 2-decimal text of a numeric read from Postgres. A numeric(…, 2) column reads back in
 * that form already, and is kept as it is (the directory formats 200 of them a page).
 */
export const amountText = (text: string | null | undefined): string =>
  typeof text === 'string' && CANONICAL.test(text) ? text : formatAmount(toHundredths(text));

/** numeric(30,4) (shares × price, both hundredths) → ten-thousandths. */
export function toTenThousandths(text: string | null | undefined): bigint {
  if (text === null || text === undefined) return 0n;
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (match === null) throw new Error(`not a numeric: ${text}`);
  const fraction = match[3] ?? '';
  if (/[^0]/.test(fraction.slice(4))) throw new Error(`more than 4 decimals: ${text}`);
  const value = BigInt(match[2] ?? '0') * 10_000n + BigInt(fraction.slice(0, 4).padEnd(4, '0'));
  return match[1] === '-' ? -value : value;
}

/** Ten-thousandths → numeric text with 4 decimals, for held_cost. */
export function formatTenThousandths(value: bigint): string {
  const negative = value < 0n;
  const magnitude = negative ? -value : value;
  const fraction = (magnitude % 10_000n).toString().padStart(4, '0');
  return `${negative ? '-' : ''}${(magnitude / 10_000n).toString()}.${fraction}`;
}

/** Cost per share in hundredths from kept figures (docs/decisions/004). */
export function costPerShare(heldCost: bigint, balance: bigint): bigint {
  return balance === 0n ? 0n : divRoundHalfUp(heldCost, balance);
}
