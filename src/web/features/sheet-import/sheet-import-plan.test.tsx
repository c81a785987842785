// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SheetImportAnswer } from '../../../contract/sheet-import';
import { SheetImportPlan } from './sheet-import-plan';

afterEach(cleanup);

const answer: SheetImportAnswer = {
  kind: 'transactions',
  format: 'csv',
  fileName: 'positions.csv',
  contentHash: 'a'.repeat(64),
  rows: 2,
  columns: [
    { column: 'email', field: 'Holder' },
    { column: 'quantity', field: 'Shares' },
    { column: 'Colour', field: null },
  ],
  steps: [
    { row: 2, action: 'issue 1,000.00 Common to Jane Roe', ok: true },
    { row: 3, action: 'issue 12.35 Common to Bob', ok: false },
  ],
  errors: [
    { row: 1, column: 'Colour', message: 'another column is already read as Colour.' },
    { row: 3, column: 'quantity', message: 'Shares takes at most 2 decimals; 12.345 has 3.' },
  ],
  committed: false,
  alreadyImported: false,
  receipt: null,
};

describe('the import preview', () => {
  it('shows each row’s plan, marks the rows in error and says the error beside them', () => {
    render(<SheetImportPlan answer={answer} />);
    const table = screen.getByRole('table', { name: 'What each row will do' });
    const [, ok, bad] = within(table).getAllByRole('row');
    expect(ok!.textContent).toBe('2issue 1,000.00 Common to Jane RoeOK');
    expect(ok!.className).not.toContain('table-danger');
    expect(bad!.className).toContain('table-danger');
    expect(bad!.textContent).toContain(
      'Error, quantity: Shares takes at most 2 decimals; 12.345 has 3.',
    );
    const header = screen.getByRole('list', { name: 'Problems with the header row' });
    expect(header.textContent).toBe('row 1, Colour: another column is already read as Colour.');
    expect(screen.getByText('Columns not read: Colour.')).toBeTruthy();
  });
});
