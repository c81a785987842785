import { divRoundHalfUp } from './decimal';

/** Ten-thousandths of a percent in one: 4 decimals. */
const PERCENT_SCALE = 1_000_000n;

/**
 * `part` as a percentage of `whole` (both in the same unit, e.g. hundredths of a share), exact
 * and written with 4 decimals, rounded half up: 1 of 3 is "33.3333". A whole of 0 is "0.0000".
 */
export function percentOf(part: bigint, whole: bigint): string {
  if (whole === 0n) return '0.0000';
  const negative = part < 0n !== whole < 0n && part !== 0n;
  const magnitude = divRoundHalfUp(
    (part < 0n ? -part : part) * PERCENT_SCALE,
    whole < 0n ? -whole : whole,
  );
  const text = magnitude.toString().padStart(5, '0');
  return `${negative ? '-' : ''}${text.slice(0, -4)}.${text.slice(-4)}`;
}
