import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SalesforceClient } from '../salesforce/salesforce-client';
import { startSalesforceServer, type SalesforceServer } from './salesforce-server';

// The local Salesforce's paging as Salesforce documents it: the batch size a client asks for
// (Sforce-Query-Options, 200 to 2,000), and SOSL's ORDER BY, LIMIT and OFFSET inside one
// object's RETURNING (OFFSET on one object only, at most 2,000).

let sf: SalesforceServer;
let client: SalesforceClient;
beforeAll(async () => {
  sf = await startSalesforceServer();
  sf.seed(
    'Batch__c',
    Array.from({ length: 450 }, (_, i) => ({ Name: `B${String(i).padStart(3, '0')}` })),
  );
  client = new SalesforceClient({
    loginUrl: sf.url,
    clientId: sf.clientId,
    clientSecret: sf.clientSecret,
    apiVersion: 'v62.0',
  });
});
afterAll(() => sf.close());

describe('query batches', () => {
  it('answers the batch size asked for, on every page', async () => {
    const first = await client.queryPage('SELECT Name FROM Batch__c', { batchSize: 200 });
    expect(first).toMatchObject({ totalSize: 450, done: false });
    expect(first.records).toHaveLength(200);
    const second = await client.queryMore(first.nextRecordsUrl!);
    expect(second.records).toHaveLength(200);
    const third = await client.queryMore(second.nextRecordsUrl!);
    expect(third).toMatchObject({ done: true });
    expect(third.records).toHaveLength(50);
  });

  it('raises a batch under Salesforce’s minimum to 200', async () => {
    const page = await client.queryPage('SELECT Name FROM Batch__c', { batchSize: 5 });
    expect(page.records).toHaveLength(200);
  });
});

describe('SOSL pages', () => {
  const names = async (sosl: string) =>
    (await client.search(sosl)).searchRecords.map((r) => r.Name);

  it('orders, limits and skips inside one object’s RETURNING', async () => {
    const page = (offset: number) =>
      names(
        `FIND {B} IN ALL FIELDS RETURNING Batch__c(Name ORDER BY Name DESC LIMIT 2 OFFSET ${offset})`,
      );
    expect([await page(0), await page(2)]).toEqual([
      ['B449', 'B448'],
      ['B447', 'B446'],
    ]);
  });

  it.each([
    'FIND {B} IN ALL FIELDS LIMIT 5 OFFSET 5',
    'FIND {B} IN ALL FIELDS RETURNING Batch__c(Name LIMIT 5 OFFSET 2001)',
  ])('refuses %s as MALFORMED_SEARCH', async (sosl) => {
    await expect(client.search(sosl)).rejects.toMatchObject({
      code: 'GATEWAY.REJECTED',
      details: { errorCode: 'MALFORMED_SEARCH' },
    });
  });
});
