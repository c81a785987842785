import { describe, expect, it } from 'vitest';
import { registerAddress } from './register-address';

describe('the register address', () => {
  it('reads the filters, sort and page the address names', () => {
    expect(
      registerAddress.parse({
        holder: '00000000-0000-4000-8000-000000000001',
        class: 'preferred',
        status: 'cancelled',
        sort: 'balance',
        dir: 'desc',
        page: '3',
        size: '100',
      }),
    ).toEqual({
      holder: '00000000-0000-4000-8000-000000000001',
      class: 'preferred',
      status: 'cancelled',
      sort: 'balance',
      dir: 'desc',
      page: 3,
      size: 100,
    });
  });

  it('falls back to no filter and the defaults for values the API would refuse', () => {
    expect(
      registerAddress.parse({
        holder: 'nope',
        class: 'ordinary',
        status: 'lost',
        sort: 'x',
        dir: 'up',
        page: '0',
        size: '7',
      }),
    ).toEqual({
      holder: undefined,
      class: undefined,
      status: undefined,
      sort: 'number',
      dir: 'asc',
      page: 1,
      size: 25,
    });
  });
});
