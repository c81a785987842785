import { describe, expect, it } from 'vitest';
import { headerKey, matchHeaders, templateColumns, fieldLabels } from './match-headers';

describe('headerKey', () => {
  it('drops case, spaces, punctuation, underscores and accents', () => {
    expect(headerKey(' E-Mail ')).toBe('email');
    expect(headerKey('stock_class_id')).toBe('stockclassid');
    expect(headerKey('Zip Code')).toBe(headerKey('zip_code'));
    expect(headerKey('Prénom')).toBe('prenom');
  });
});

describe('matchHeaders', () => {
  it('reads holders by the registry’s, the spec’s and OCF’s names', () => {
    const { fields, duplicates } = matchHeaders('holders', [
      'Legal Name',
      'e-mail',
      'FIRST NAME',
      'last_name',
      'Zip_Code',
      'postal code',
      'Cell Phone',
      'stakeholder type',
      'Favourite colour',
    ]);
    expect(fields).toEqual([
      'Name',
      'Email',
      'FirstName',
      'LastName',
      'ZipCode',
      null,
      'CellPhone',
      'HolderType',
      null,
    ]);
    expect(duplicates).toEqual([{ column: 'postal code', field: 'ZipCode' }]);
  });

  it('reads transactions by OCF’s names', () => {
    const { fields } = matchHeaders('transactions', [
      'quantity',
      'share_price',
      'stock_class_id',
      'custom_id',
      'email',
      'date',
      'Transferee',
      'Board Approval Date',
      'ShareDate ',
    ]);
    expect(fields).toEqual([
      'Shares',
      'Cost',
      'Class',
      'Certificate',
      'Holder',
      'Date',
      'ToHolder',
      'ApprovalDate',
      null,
    ]);
  });

  it('reads the same word by the kind of file: Type is a holder type or an operation', () => {
    expect(matchHeaders('holders', ['Type']).fields).toEqual(['HolderType']);
    expect(matchHeaders('transactions', ['Type']).fields).toEqual(['Type']);
  });

  it('reads back every template’s header row', () => {
    for (const kind of ['holders', 'transactions'] as const) {
      const columns = templateColumns(kind);
      expect(
        matchHeaders(
          kind,
          columns.map((f) => fieldLabels[f]),
        ).fields,
      ).toEqual(columns);
    }
  });
});
