import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { GatewayQueryBody } from '../../../../contract/gateway';
import type { Principal } from '../../../plugins/access-control';
import {
  startSalesforceServer,
  type SalesforceServer,
} from '../../../test-support/salesforce-server';
import { foldCase } from '../../../test-support/soql-engine';
import type { GatewayCall, Provider } from '../gateway-provider';
import { readGatewayQuery } from '../gateway-query';
import { SalesforceClient } from '../../../salesforce/salesforce-client';
import { createSalesforceProvider } from './salesforce-provider';

let sf: SalesforceServer;
let provider: Provider;

// The organization decides who may call, not which org answers: it is never sent to Salesforce.
const call: GatewayCall = {
  principal: { userId: 'u1', organizationId: 'org-secret-42' } as Principal,
  organizationId: 'org-secret-42',
  idempotencyKey: undefined,
  requestId: 'req-1',
};
const contacts = [
  { Name: 'Ann Archer', Email: 'ann@example.test', Score__c: 30, Active__c: true },
  { Name: 'Ben Baker', Email: 'ben@example.test', Score__c: 10, Active__c: false },
  { Name: "Cy O'Hara", Email: null, Score__c: 20, Active__c: true },
  { Name: '50% off_sale', Email: 'deals@example.test', Score__c: 40, Active__c: true },
];
const query = (body: Omit<GatewayQueryBody, 'objectName'>) =>
  provider.query(call, readGatewayQuery({ objectName: 'Contact', ...body }));

beforeAll(async () => {
  sf = await startSalesforceServer();
  sf.seed('Contact', contacts);
  sf.seed('Shareholder__c', [
    { Name: 'Ann', Full_Name__c: 'Ann Archer', Email__c: 'ann@x.test', Active__c: true },
    { Name: 'Ben', Full_Name__c: 'Ben Baker', Email__c: 'ben@x.test', Active__c: false },
  ]);
  sf.seed('Share_Transaction__c', [
    { Name: 'T-1', Type__c: 'Issued', Date__c: '2024-01-02', Shares__c: 10 },
  ]);
  provider = createSalesforceProvider(
    new SalesforceClient({
      loginUrl: sf.url,
      clientId: sf.clientId,
      clientSecret: sf.clientSecret,
      apiVersion: 'v62.0',
    }),
  );
});
afterAll(() => sf.close());
beforeEach(() => sf.setBatchSize(2000));

describe('the salesforce provider', () => {
  it('queries with SOQL built from the gateway query and answers Salesforce’s shape', async () => {
    sf.setBatchSize(1);
    const answer = await query({
      fields: 'Name, Score__c',
      filter: 'Active__c=true',
      orderBy: 'Score__c DESC',
      limit: 2,
    });
    expect(answer).toEqual({
      totalSize: 2,
      done: false,
      records: [
        {
          attributes: expect.objectContaining({ type: 'Contact' }),
          Name: '50% off_sale',
          Score__c: 40,
        },
      ],
      next: { nextRecordsUrl: expect.stringMatching(/^\/services\/data\/v62\.0\/query\//) },
    });
    expect(await provider.queryMore(call, answer.next)).toEqual({
      totalSize: 2,
      done: true,
      records: [
        {
          attributes: expect.objectContaining({ type: 'Contact' }),
          Name: 'Ann Archer',
          Score__c: 30,
        },
      ],
    });
    expect(sf.statements.at(-1)).toBe(
      'SELECT Name, Score__c FROM Contact WHERE Active__c = true ORDER BY Score__c DESC LIMIT 2',
    );
    expect(sf.requests.join('\n')).not.toContain('org-secret-42');
  });

  it('matches hostile values literally, with = and with LIKE', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 20 }), async (text) => {
        const answer = await query({
          fields: ['Name'],
          filters: { $or: [{ Name: text }, { Email: { operator: 'LIKE', value: text } }] },
        });
        const expected = contacts.filter(
          (c) =>
            foldCase(c.Name) === foldCase(text) ||
            (c.Email !== null && foldCase(c.Email).includes(foldCase(text))),
        );
        expect(answer.records.map((r) => r.Name).sort()).toEqual(
          expected.map((c) => c.Name).sort(),
        );
      }),
      {
        numRuns: 60,
        examples: [
          ["' OR Name != '"],
          ['%'],
          ['_'],
          ['\\'],
          ["Cy O'Hara"],
          ["x') OR (Name LIKE '%"],
        ],
      },
    );
  });

  it('inserts, updates and deletes, answering {id, success, errors}', async () => {
    const created = await provider.insert(call, {
      objectName: 'Contact',
      data: { Name: 'Dee Dale', Email: 'dee@example.test' },
    });
    expect(created).toEqual({
      id: expect.stringMatching(/^003\w{15}$/),
      success: true,
      errors: [],
    });
    const { id } = created;
    expect(
      await provider.update(call, { objectName: 'Contact', id, data: { Score__c: 5 } }),
    ).toEqual({
      id,
      success: true,
      errors: [],
    });
    expect(sf.records('Contact').find((r) => r.Id === id)).toMatchObject({
      Name: 'Dee Dale',
      Score__c: 5,
    });
    expect(await provider.delete(call, { objectName: 'Contact', id })).toEqual({
      id,
      success: true,
      errors: [],
    });
    expect(sf.records('Contact').map((r) => r.Name)).not.toContain('Dee Dale');
    await expect(provider.delete(call, { objectName: 'Contact', id })).rejects.toMatchObject({
      code: 'GATEWAY.NOT_FOUND',
    });
  });

  it('searches with the term escaped, and answers {searchRecords}', async () => {
    const answer = await provider.search(call, {
      searchTerm: "O'Hara",
      objectName: 'Contact',
      fields: 'Name, Score__c',
      limit: 5,
    });
    expect(answer).toEqual({
      searchRecords: [
        {
          attributes: expect.objectContaining({ type: 'Contact' }),
          Name: "Cy O'Hara",
          Score__c: 20,
        },
      ],
      done: true,
    });
    // One more than the page: whether another page follows.
    expect(sf.statements.at(-1)).toBe(
      "FIND {O\\'Hara} IN ALL FIELDS RETURNING Contact(Name, Score__c ORDER BY Id LIMIT 6)",
    );
    await expect(
      provider.search(call, { searchTerm: 'x', fields: ['Id', 'Name) RETURNING User(Id'] }),
    ).rejects.toMatchObject({ code: 'HTTP.VALIDATION', field: 'fields.1' });
  });

  it('forwards custom-rest to Apex REST with the method, endpoint and data', async () => {
    sf.apex('PUT', 'registry/v1/holders', (body) => ({ updated: body }));
    const answer = await provider.customRest!(call, {
      method: 'PUT',
      endpoint: 'registry/v1/holders',
      data: { Name: 'Ann' },
    });
    expect(answer).toEqual({ updated: { Name: 'Ann' } });
  });

  it('spells the registry objects’ fields as the registry provider does (Active → Active__c)', async () => {
    const load = await provider.query(
      call,
      readGatewayQuery({
        objectName: 'Shareholder__c',
        fields: 'Id,name,Full_Name,EMAIL,CreatedDate',
        filter: 'Active=true',
        orderBy: 'full_name DESC',
      }),
    );
    expect(sf.statements.at(-1)).toBe(
      'SELECT Id, Name, Full_Name__c, Email__c, CreatedDate FROM Shareholder__c ' +
        'WHERE Active__c = true ORDER BY Full_Name__c DESC',
    );
    expect(load.records).toEqual([
      expect.objectContaining({ Name: 'Ann', Full_Name__c: 'Ann Archer', Email__c: 'ann@x.test' }),
    ]);
    await provider.query(
      call,
      readGatewayQuery({
        objectName: 'share_transaction__c',
        fields: ['Type', 'Shares'],
        filters: { Date: { operator: '>=', value: '2024-01-01' } },
      }),
    );
    expect(sf.statements.at(-1)).toBe(
      'SELECT Type__c, Shares__c FROM share_transaction__c WHERE Date__c >= 2024-01-01',
    );
    await provider.search(call, {
      searchTerm: 'Ann',
      objectName: 'Shareholder__c',
      fields: 'Name,Email',
    });
    expect(sf.statements.at(-1)).toBe(
      'FIND {Ann} IN ALL FIELDS RETURNING Shareholder__c(Name, Email__c ORDER BY Id LIMIT 2000)',
    );
    // Other objects keep their names as written.
    await query({ fields: 'Name, Email', filter: 'Active__c=true' });
    expect(sf.statements.at(-1)).toBe('SELECT Name, Email FROM Contact WHERE Active__c = true');
  });

  it('answers Salesforce’s refusal of a query as 422 GATEWAY.REJECTED', async () => {
    await expect(query({ fields: 'Name, Nope__c' })).rejects.toMatchObject({
      code: 'GATEWAY.REJECTED',
      message: "No such column 'Nope__c'",
      details: { errorCode: 'INVALID_FIELD' },
    });
  });
});
