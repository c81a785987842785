import type { SalesforceLedger } from '../features/salesforce-import/salesforce-records';

// A small Salesforce ledger as an org exports it (Salesforce-style 18-character Ids): two holders
// with a new issue, a transfer, a conversion to preferred and a cancellation. Used by the
// importer's tests and seeded into the local Salesforce-compatible server.

const id = (prefix: string, n: number) => `${prefix}${String(n).padStart(15, '0')}`;
export const sfIds = {
  ann: id('a01', 1),
  ben: id('a01', 2),
  cs1: id('a02', 1),
  cs2: id('a02', 2),
  ps3: id('a02', 3),
  t: (n: number) => id('a03', n),
};

export function salesforceLedger(): SalesforceLedger {
  const holder = (Id: string, Name: string, Email__c: string, Balance__c: number) => ({
    Id,
    Name,
    Full_Name__c: Name,
    Email__c,
    State__c: 'NY',
    City__c: 'New York',
    Address__c: '1 Main St',
    Zip_Code__c: '10001',
    Phone_Number__c: '',
    Cellphone_Number__c: '',
    Notes__c: '',
    Is_Admin__c: false,
    Active__c: true,
    Balance__c,
  });
  const share = (
    Id: string,
    Shareholder__c: string,
    Balance__c: number,
    n: number,
    date: string,
  ) => ({
    Id,
    Shareholder__c,
    Balance__c,
    Certificate_Number__c: n,
    Effective_Date__c: date,
  });
  const tx = (
    n: number,
    Share__c: string,
    Type__c: string,
    Shares__c: number,
    Date__c: string,
    extra: { Origin__c?: string; Cost__c?: number; Preferred__c?: boolean; Notes__c?: string } = {},
  ) => ({
    Id: sfIds.t(n),
    Share__c,
    Type__c,
    Shares__c,
    Date__c,
    Transaction_Order__c: n,
    Origin__c: extra.Origin__c ?? null,
    Cost__c: extra.Cost__c ?? 0,
    Preferred__c: extra.Preferred__c ?? false,
    Notes__c: extra.Notes__c ?? '',
  });
  return {
    shareholders: [
      holder(sfIds.ann, 'Ann Archer', 'ann@example.test', 60),
      holder(sfIds.ben, 'Ben Baker', 'ben@example.test', 30),
    ],
    shares: [
      share(sfIds.cs1, sfIds.ann, 50, 1, '2021-01-04'),
      share(sfIds.cs2, sfIds.ben, 30, 2, '2021-03-01'),
      share(sfIds.ps3, sfIds.ann, 10, 3, '2022-05-02'),
    ],
    transactions: [
      tx(1, sfIds.cs1, 'Issued', 100, '2021-01-04', { Cost__c: 1.5 }),
      tx(2, sfIds.cs1, 'Transferred', -30, '2021-03-01', { Cost__c: 2 }),
      tx(3, sfIds.cs2, 'Issued: transfer', 30, '2021-03-01', { Origin__c: sfIds.cs1, Cost__c: 2 }),
      tx(4, sfIds.cs1, 'Converted To Preferred', -10, '2022-05-02', { Cost__c: 1.5 }),
      tx(5, sfIds.ps3, 'Issued: preferred', 10, '2022-05-02', {
        Origin__c: sfIds.cs1,
        Preferred__c: true,
        Cost__c: 1.5,
      }),
      tx(6, sfIds.cs1, 'Cancelled', -10, '2023-02-01', { Notes__c: 'Repurchased' }),
    ],
  };
}
