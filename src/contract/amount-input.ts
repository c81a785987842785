// What a person types into an amount field, read the way they wrote it. The API takes plain
// decimals ("1000.50"); a form also accepts thousands separators ("1,000") and, for money, a
// dollar sign ("$1.50"), and says exactly what is wrong with anything else.

export type AmountReading = { amount: string } | { problem: string };

export interface AmountField {
  /** The field's label, which starts every sentence: "Shares", "Cost". */
  label: string;
  /** Money takes a leading "$"; a number of shares does not. */
  money: boolean;
}

/** numeric(15,2) in the ledger: 13 digits before the point, 2 after. */
const MAX_WHOLE_DIGITS = 13;
const MAX_DECIMALS = 2;
/** Commas only between groups of three digits: "1,000", "12,345,678.50". */
const GROUPED = /^\d{1,3}(,\d{3})+(\.\d*)?$/;
const PLAIN = /^(\d*)(?:\.(\d*))?$/;

/** `text` as a plain decimal ("1000.5"), or the sentence saying what to change. */
export function readAmountInput(text: string, field: AmountField): AmountReading {
  const { label, money } = field;
  let rest = text.trim();
  const example = money ? '1,000 or 12.50 (a $ in front is fine)' : '1,000 or 12.50';
  if (rest.startsWith('-') || rest.startsWith('−'))
    return { problem: `${label} cannot be negative: remove the minus sign.` };
  if (rest.startsWith('$')) {
    if (!money) return { problem: `${label} is a number of shares, not money: remove the $ sign.` };
    rest = rest.slice(1).trim();
  }
  if (rest.includes(',')) {
    if (!GROUPED.test(rest))
      return {
        problem:
          `${label}: use commas only between groups of three digits (1,000) and a point for ` +
          'decimals (12.50).',
      };
    rest = rest.replace(/,/g, '');
  }
  const match = PLAIN.exec(rest);
  const whole = match?.[1] ?? '';
  const decimals = match?.[2] ?? '';
  if (!match || (whole === '' && decimals === ''))
    return { problem: `${label} must be a number such as ${example}.` };
  if (decimals.length > MAX_DECIMALS)
    return {
      problem: `${label} takes at most ${MAX_DECIMALS} decimals; ${text.trim()} has ${decimals.length}.`,
    };
  if (whole.replace(/^0+/, '').length > MAX_WHOLE_DIGITS)
    return {
      problem: `${label} is too large: at most ${MAX_WHOLE_DIGITS} digits before the point.`,
    };
  const amount = `${whole || '0'}${decimals ? `.${decimals}` : ''}`;
  return { amount };
}
