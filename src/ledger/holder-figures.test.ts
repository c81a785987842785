import { describe, expect, it } from 'vitest';
import { holderFigures, type HeldCertificate, type HolderFigures } from './holder-figures';

// Balances and costs in hundredths: c(10000n, 100n) is 100.00 shares at $1.00.
const common = (balance: bigint, cost: bigint): HeldCertificate => ({
  classType: 'common',
  balance,
  cost,
});
const preferred = (balance: bigint, cost: bigint): HeldCertificate => ({
  classType: 'preferred',
  balance,
  cost,
});

describe('holderFigures', () => {
  it.each<[string, HeldCertificate[], HolderFigures]>([
    ['nothing held', [], { common: 0n, preferred: 0n, balance: 0n, costPerShare: 0n }],
    [
      'only emptied certificates',
      [common(0n, 500n), preferred(0n, 900n)],
      { common: 0n, preferred: 0n, balance: 0n, costPerShare: 0n },
    ],
    [
      'one certificate',
      [common(10000n, 100n)],
      { common: 10000n, preferred: 0n, balance: 10000n, costPerShare: 100n },
    ],
    // (100 × 1.00 + 50 × 2.50) / 150 = 1.50
    [
      'decision record example',
      [common(10000n, 100n), common(5000n, 250n)],
      { common: 15000n, preferred: 0n, balance: 15000n, costPerShare: 150n },
    ],
    // (3 × 1.00 + 1 × 2.00) / 4 = 1.25; the emptied certificate's $100.00 does not count
    [
      'both classes, emptied certificate ignored',
      [common(300n, 100n), common(0n, 10000n), preferred(100n, 200n)],
      { common: 300n, preferred: 100n, balance: 400n, costPerShare: 125n },
    ],
    // (1 × 1.00 + 2 × 2.00) / 3 = 1.6666… → 1.67
    [
      'rounds up above the half cent',
      [common(100n, 100n), common(200n, 200n)],
      { common: 300n, preferred: 0n, balance: 300n, costPerShare: 167n },
    ],
    // (2 × 1.00 + 1 × 2.00) / 3 = 1.3333… → 1.33
    [
      'rounds down below the half cent',
      [common(200n, 100n), common(100n, 200n)],
      { common: 300n, preferred: 0n, balance: 300n, costPerShare: 133n },
    ],
    // (0.01 × 0.01 + 0.01 × 0.02) / 0.02 = 0.015 → 0.02
    [
      'rounds the half cent up',
      [common(1n, 1n), preferred(1n, 2n)],
      { common: 1n, preferred: 1n, balance: 2n, costPerShare: 2n },
    ],
    // (0.5 × 10.00 + 1.5 × 2.00) / 2 = 4.00
    [
      'fractional shares',
      [common(50n, 1000n), common(150n, 200n)],
      { common: 200n, preferred: 0n, balance: 200n, costPerShare: 400n },
    ],
    [
      'free shares lower the average',
      [common(10000n, 0n), common(10000n, 300n)],
      { common: 20000n, preferred: 0n, balance: 20000n, costPerShare: 150n },
    ],
    [
      'largest amounts stay exact',
      [common(999999999999999n, 999999999999999n)],
      {
        common: 999999999999999n,
        preferred: 0n,
        balance: 999999999999999n,
        costPerShare: 999999999999999n,
      },
    ],
  ])('%s', (_name, certificates, expected) => {
    expect(holderFigures(certificates)).toEqual(expected);
  });
});
