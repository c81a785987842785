import { describe, expect, it } from 'vitest';
import { ledgerAddress, ledgerRequest } from './ledger-address';

const HOLDER = '3f1c2a9e-4b7d-4c1e-8f2a-1b2c3d4e5f60';

describe('the ledger view in the address', () => {
  it('reads every filter, the sort and the page', () => {
    const view = ledgerAddress.parse({
      from: '2024-01-01',
      to: '2024-12-31',
      type: 'Transferred',
      holderId: HOLDER,
      sort: 'holder',
      dir: 'asc',
      page: '3',
      size: '100',
    });
    expect(ledgerRequest(view)).toEqual({
      from: '2024-01-01',
      to: '2024-12-31',
      type: 'Transferred',
      holderId: HOLDER,
      certificateId: undefined,
      sort: 'holder',
      dir: 'asc',
      page: 3,
      pageSize: 100,
    });
  });

  it('falls back to the defaults for what the API would refuse', () => {
    expect(
      ledgerAddress.parse({
        from: '2024-02-30',
        type: 'Transfer',
        holderId: 'nope',
        sort: 'cost',
        dir: 'up',
        page: '-1',
        size: '7',
      }),
    ).toEqual({
      from: undefined,
      to: undefined,
      type: undefined,
      holderId: undefined,
      certificateId: undefined,
      sort: 'date',
      dir: 'desc',
      page: 1,
      size: 50,
    });
  });
});
