import { describe, expect, it } from 'vitest';
import {
  divRoundHalfUp,
  formatAmount,
  MAX_AMOUNT,
  parseAmount,
  parseSignedAmount,
} from './decimal';
import { LedgerError } from './ledger-error';

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return error instanceof LedgerError ? error.code : `not a LedgerError: ${String(error)}`;
  }
  return undefined;
}

/** A parser's cases: what it reads, and what it refuses as not an amount or as too precise. */
interface ParserCases {
  parse: (text: string) => bigint;
  parses: [string, bigint][];
  invalid: string[];
  tooManyDecimals: string[];
}

describe.each<[string, ParserCases]>([
  [
    'parseAmount',
    {
      parse: parseAmount,
      parses: [
        ['0', 0n],
        ['0.00', 0n],
        ['0.01', 1n],
        ['1', 100n],
        ['1.5', 150n],
        ['1.50', 150n],
        ['12.05', 1205n],
        ['  2.25\t', 225n],
        ['007', 700n],
        ['1234.5', 123450n],
        ['9999999999999.99', MAX_AMOUNT],
        ['0000000000000009999999999999', 999999999999900n],
      ],
      invalid: [
        '',
        '   ',
        '-1',
        '+1',
        '1e3',
        '1E-2',
        '.5',
        '5.',
        '1,000',
        '1 000',
        '0x10',
        'NaN',
        'Infinity',
        '١٢',
        '10000000000000',
        '10000000000000.00',
        '1'.repeat(65),
      ],
      tooManyDecimals: ['1.001', '1.230', '0.123456'],
    },
  ],
  [
    'parseSignedAmount (Postgres numeric text)',
    {
      parse: parseSignedAmount,
      parses: [
        ['12.5', 1250n],
        ['12.50', 1250n],
        ['12', 1200n],
        ['-3.00', -300n],
        ['-0.05', -5n],
        ['-0.00', 0n],
        ['12.500', 1250n],
        ['123456789012345678.25', 12345678901234567825n],
      ],
      invalid: ['', 'abc', '+1', '--1', '1e2', 'NaN'],
      tooManyDecimals: ['12.501'],
    },
  ],
])('%s', (_parser, { parse, parses, invalid, tooManyDecimals }) => {
  it.each(parses)('parses %j as %s hundredths', (input, expected) => {
    expect(parse(input)).toBe(expected);
  });

  it.each([
    ...invalid.map((input) => [input, 'LEDGER.INVALID_AMOUNT']),
    ...tooManyDecimals.map((input) => [input, 'LEDGER.TOO_MANY_DECIMALS']),
  ])('refuses %j with %s', (input, code) => {
    expect(codeOf(() => parse(input))).toBe(code);
  });
});

describe('parseAmount', () => {
  it('refuses a value that is not a string at run time', () => {
    expect(codeOf(() => parseAmount(12 as unknown as string))).toBe('LEDGER.INVALID_AMOUNT');
  });

  it('names the field it was given', () => {
    expect(() => parseAmount('x', 'cost')).toThrow(
      expect.objectContaining({ code: 'LEDGER.INVALID_AMOUNT', field: 'cost' }),
    );
  });
});

describe('formatAmount', () => {
  it.each([
    [0n, '0.00'],
    [1n, '0.01'],
    [5n, '0.05'],
    [150n, '1.50'],
    [123450n, '1234.50'],
    [-300n, '-3.00'],
    [-5n, '-0.05'],
    [MAX_AMOUNT, '9999999999999.99'],
  ])('formats %s as %j', (value, expected) => {
    expect(formatAmount(value)).toBe(expected);
  });

  it.each(['0.00', '0.01', '1.50', '1234.50', '9999999999999.99'])(
    'round-trips %j through parseAmount',
    (text) => {
      expect(formatAmount(parseAmount(text))).toBe(text);
    },
  );

  it.each(['-3.00', '-0.05', '0.00', '42.10'])(
    'round-trips %j through parseSignedAmount',
    (text) => {
      expect(formatAmount(parseSignedAmount(text))).toBe(text);
    },
  );
});

describe('divRoundHalfUp', () => {
  it.each([
    [6n, 3n, 2n],
    [4n, 3n, 1n],
    [5n, 3n, 2n],
    [1n, 4n, 0n],
    [2n, 4n, 1n],
    [3n, 4n, 1n],
    [5n, 2n, 3n],
    [-5n, 2n, -3n],
    [-4n, 3n, -1n],
    [-5n, 3n, -2n],
    [5n, -2n, -3n],
    [-5n, -2n, 3n],
    [0n, 7n, 0n],
    [10n ** 30n + 1n, 2n, 5n * 10n ** 29n + 1n],
  ])('%s / %s = %s', (numerator, denominator, expected) => {
    expect(divRoundHalfUp(numerator, denominator)).toBe(expected);
  });

  it('refuses division by zero', () => {
    expect(() => divRoundHalfUp(1n, 0n)).toThrow(RangeError);
  });
});
