import { describe, expect, it } from 'vitest';
import { holderFigures, type HeldCertificate } from './holder-figures';

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
  // Each case: its certificates, then the figures expected: common, preferred, balance and cost
  // per share.
  it.each<[string, HeldCertificate[], bigint, bigint, bigint, bigint]>([
    ['nothing held', [], 0n, 0n, 0n, 0n],
    ['only emptied certificates', [common(0n, 500n), preferred(0n, 900n)], 0n, 0n, 0n, 0n],
    ['one certificate', [common(10000n, 100n)], 10000n, 0n, 10000n, 100n],
    // (100 × 1.00 + 50 × 2.50) / 150 = 1.50
    [
      'decision record example',
      [common(10000n, 100n), common(5000n, 250n)],
      15000n,
      0n,
      15000n,
      150n,
    ],
    // (3 × 1.00 + 1 × 2.00) / 4 = 1.25; the emptied certificate's $100.00 does not count
    [
      'both classes, emptied certificate ignored',
      [common(300n, 100n), common(0n, 10000n), preferred(100n, 200n)],
      300n,
      100n,
      400n,
      125n,
    ],
    // (1 × 1.00 + 2 × 2.00) / 3 = 1.6666… → 1.67
    [
      'rounds up above the half cent',
      [common(100n, 100n), common(200n, 200n)],
      300n,
      0n,
      300n,
      167n,
    ],
    // (2 × 1.00 + 1 × 2.00) / 3 = 1.3333… → 1.33
    [
      'rounds down below the half cent',
      [common(200n, 100n), common(100n, 200n)],
      300n,
      0n,
      300n,
      133n,
    ],
    // (0.01 × 0.01 + 0.01 × 0.02) / 0.02 = 0.015 → 0.02
    ['rounds the half cent up', [common(1n, 1n), preferred(1n, 2n)], 1n, 1n, 2n, 2n],
    // (0.5 × 10.00 + 1.5 × 2.00) / 2 = 4.00
    ['fractional shares', [common(50n, 1000n), common(150n, 200n)], 200n, 0n, 200n, 400n],
    [
      'free shares lower the average',
      [common(10000n, 0n), common(10000n, 300n)],
      20000n,
      0n,
      20000n,
      150n,
    ],
    [
      'largest amounts stay exact',
      [common(999999999999999n, 999999999999999n)],
      999999999999999n,
      0n,
      999999999999999n,
      999999999999999n,
    ],
  ])('%s', (_name, certificates, commonShares, preferredShares, balance, costPerShare) => {
    expect(holderFigures(certificates)).toEqual({
      common: commonShares,
      preferred: preferredShares,
      balance,
      costPerShare,
    });
  });
});
