import { parseSignedAmount } from './decimal';

// A certificate states its shares in words as well as figures, the way a cheque does: "One
// thousand two hundred fifty and 50/100". Exact: the amount is read as hundredths (bigint),
// never as a float.

const ONES = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
] as const;
const TENS = [
  '',
  '',
  'twenty',
  'thirty',
  'forty',
  'fifty',
  'sixty',
  'seventy',
  'eighty',
  'ninety',
] as const;
/** Short-scale names of each power of 1,000 (an amount has at most 13 integer digits). */
const SCALES = ['', 'thousand', 'million', 'billion', 'trillion'] as const;

/** 1..999 in words: "two hundred fifty", "forty-two". */
function belowThousand(n: number): string {
  const words: string[] = [];
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  if (hundreds > 0) words.push(`${ONES[hundreds]} hundred`);
  if (rest >= 20) {
    const ones = rest % 10;
    words.push(
      ones === 0 ? TENS[Math.floor(rest / 10)]! : `${TENS[Math.floor(rest / 10)]}-${ONES[ones]}`,
    );
  } else if (rest > 0) words.push(ONES[rest]!);
  return words.join(' ');
}

/** A whole number in words, lower case: 1250n → "one thousand two hundred fifty". */
export function integerInWords(value: bigint): string {
  if (value < 0n) throw new RangeError('integerInWords: negative');
  if (value === 0n) return 'zero';
  const groups: string[] = [];
  let rest = value;
  for (let scale = 0; rest > 0n; scale++) {
    const group = Number(rest % 1000n);
    rest /= 1000n;
    if (group === 0) continue;
    const name = SCALES[scale];
    if (name === undefined) throw new RangeError('integerInWords: too large');
    groups.unshift(name ? `${belowThousand(group)} ${name}` : belowThousand(group));
  }
  return groups.join(' ');
}

/**
 * An amount of shares ("1250.50", "100", "0.75") in words with a capital first letter:
 * "One thousand two hundred fifty and 50/100", "One hundred", "Zero and 75/100". The fraction
 * is written as hundredths when there is one.
 */
export function sharesInWords(amount: string): string {
  const hundredths = parseSignedAmount(amount);
  if (hundredths < 0n) throw new RangeError('sharesInWords: negative');
  const whole = integerInWords(hundredths / 100n);
  const cents = hundredths % 100n;
  const text = cents === 0n ? whole : `${whole} and ${cents.toString().padStart(2, '0')}/100`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}
