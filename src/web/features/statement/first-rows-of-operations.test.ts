import { describe, expect, it } from 'vitest';
import { firstRowsOfOperations } from './first-rows-of-operations';

describe('firstRowsOfOperations', () => {
  it('keeps one row per operation, the first shown, and every row without one', () => {
    const rows = [
      { id: 'r1', operationId: 'op-a' },
      { id: 'r2', operationId: 'op-b' },
      { id: 'r3', operationId: 'op-a' },
      { id: 'r4', operationId: null },
      { id: 'r5' },
    ];
    expect([...firstRowsOfOperations(rows)]).toEqual(['r1', 'r2', 'r4', 'r5']);
  });
});
