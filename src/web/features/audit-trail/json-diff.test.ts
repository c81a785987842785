import { describe, expect, it } from 'vitest';
import { jsonDiff } from './json-diff';

const CERT = '3f1c2a9e-4b7d-4c1e-8f2a-1b2c3d4e5f60';

describe('jsonDiff', () => {
  it('lists the values that changed, were added or were removed, ids shortened', () => {
    const before = {
      certificates: { [CERT]: { balance: '10.00' } },
      holders: { a: { common: '10.00', preferred: '0.00' } },
      gone: true,
    };
    const after = {
      request: { type: 'Transfer', originCertificateIds: [CERT, 'x'] },
      certificates: { [CERT]: { balance: '6.00' } },
      holders: { a: { common: '6.00', preferred: '0.00' } },
    };
    expect(jsonDiff(before, after)).toEqual({
      lines: [
        { path: 'request › type', before: null, after: 'Transfer' },
        { path: 'request › originCertificateIds', before: null, after: `${CERT}, x` },
        { path: 'certificates › 3f1c2a9e › balance', before: '10.00', after: '6.00' },
        { path: 'holders › a › common', before: '10.00', after: '6.00' },
        { path: 'gone', before: 'true', after: null },
      ],
      unchanged: 1,
    });
  });

  it('reads a missing side and plain values', () => {
    expect(jsonDiff(null, { name: 'Alice', n: 2, none: null })).toEqual({
      lines: [
        { path: 'name', before: null, after: 'Alice' },
        { path: 'n', before: null, after: '2' },
        { path: 'none', before: null, after: 'null' },
      ],
      unchanged: 0,
    });
    expect(jsonDiff('old', 'new').lines).toEqual([
      { path: '(value)', before: 'old', after: 'new' },
    ]);
    expect(jsonDiff({ a: 1 }, { a: 1 })).toEqual({ lines: [], unchanged: 1 });
  });
});
