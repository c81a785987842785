import { randomBytes } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CreatedApiKey } from '../../../contract/api-keys';
import type { GatewayQueryResponse, GatewaySearchResponse } from '../../../contract/gateway';
import { authUser } from '../../db/schema';
import { createOrganization, signInAs } from '../../test-support/fixtures';
import { expectErrorAnswerLike } from '../../test-support/expect-error-answer';
import { injectJson } from '../../test-support/inject-json';
import { TEST_SESSION_SECRET } from '../../test-support/test-app';
import { useLedgerScenario } from '../../test-support/use-ledger-scenario';
import { salesforceEnv, useSalesforceServer } from '../../test-support/use-salesforce-server';
import { useTestApp } from '../../test-support/use-test-app';
import { createCursors } from './gateway-cursor';

// Issue 23: the gateway never drops rows silently. totalSize counts every match; while records
// remain, done is false and nextRecordsUrl (GET or POST) continues where the page ended.

const HOLDERS = 2500;
const sf = useSalesforceServer();
const t = useTestApp(() => ({ env: salesforceEnv(sf) }));
const other = useLedgerScenario(t);
let org: string;
let admin: Record<string, string>;

const SPEC_LOAD = {
  objectName: 'Shareholder__c',
  fields:
    'Id,Name,Full_Name__c,Balance__c,Common_Shares__c,Preferred_Shares__c,Is_Admin__c,State__c,' +
    'City__c,Address__c,Zip_Code__c,Phone_Number__c,Cellphone_Number__c,Notes__c,' +
    'Cost_Per_Share__c,Email__c',
  filter: 'Active=true',
};
const holderName = (i: number) => `Holder ${String(i).padStart(4, '0')}`;

beforeAll(async () => {
  const db = t.database.db;
  ({
    organization: { id: org },
  } = await createOrganization(db, 'Many Holders, Inc.'));
  await db.execute(
    sql`insert into shareholder (organization_id, name, full_name, email, is_admin, active)
        select ${org}, 'Holder ' || lpad(i::text, 4, '0'), 'Holder ' || i,
               'holder' || i || '@many.test', i = 1, i <= ${HOLDERS}
          from generate_series(1, ${HOLDERS + 40}) i`,
  );
  // Some nulls and ties, for the orders below.
  await db.execute(
    sql`update shareholder set city = case when random() < 0.3 then 'Albany' else 'Buffalo' end,
                               notes = case when random() < 0.5 then 'x' else '' end,
                               email = case when name like '%7' then null else email end
         where organization_id = ${org} and not is_admin`,
  );
  admin = await signInAs(t, 'holder1@many.test');
  sf.seed(
    'Shareholder__c',
    Array.from({ length: HOLDERS + 40 }, (_, i) => ({
      Name: holderName(i + 1),
      Full_Name__c: `Holder ${i + 1}`,
      Balance__c: 0,
      Common_Shares__c: 0,
      Preferred_Shares__c: 0,
      Is_Admin__c: false,
      State__c: '',
      City__c: '',
      Address__c: '',
      Zip_Code__c: '',
      Phone_Number__c: '',
      Cellphone_Number__c: '',
      Notes__c: '',
      Cost_Per_Share__c: 0,
      Email__c: `holder${i + 1}@sf.test`,
      Active__c: i < HOLDERS,
    })),
  );
});

const post = (url: string, payload: unknown, headers = admin) =>
  injectJson(t, 'POST', url, headers, payload);
const get = (url: string, headers = admin) => t.app.inject({ method: 'GET', url, headers });

type Page = GatewayQueryResponse & { nextRecordsUrl?: string };

/** The first page, then every nextRecordsUrl, alternately by GET and by POST. */
async function followAll(url: string, body: unknown): Promise<Page[]> {
  const first = await post(url, body);
  expect(first.statusCode, first.body).toBe(200);
  const pages = [first.json<Page>()];
  for (let next = pages[0]!.nextRecordsUrl; next; next = pages.at(-1)!.nextRecordsUrl) {
    const res = pages.length % 2 === 1 ? await get(next) : await post(next, {});
    expect(res.statusCode, res.body).toBe(200);
    pages.push(res.json<Page>());
  }
  return pages;
}

describe('the spec’s shareholder load, followed page by page', () => {
  it('registry: answers all 2,500 active holders, the default page being 2,000', async () => {
    const pages = await followAll('/api/v1/registry/query', SPEC_LOAD);
    expect(pages.map((p) => p.records.length)).toEqual([2000, 500]);
    expect(pages.map((p) => [p.totalSize, p.done])).toEqual([
      [HOLDERS, false],
      [HOLDERS, true],
    ]);
    const ids = new Set(pages.flatMap((p) => p.records.map((r) => r.Id)));
    expect(ids.size).toBe(HOLDERS);
    expect(pages.at(-1)!.nextRecordsUrl).toBeUndefined();
  });

  it('registry: pages as asked, and limit caps the whole answer as SOQL’s LIMIT does', async () => {
    const pages = await followAll('/api/v1/registry/query', {
      ...SPEC_LOAD,
      fields: 'Id,Name',
      orderBy: 'Name DESC',
      pageSize: 1000,
    });
    expect(pages.map((p) => p.records.length)).toEqual([1000, 1000, 500]);
    const names = pages.flatMap((p) => p.records.map((r) => r.Name as string));
    expect(names).toEqual(Array.from({ length: HOLDERS }, (_, i) => holderName(HOLDERS - i)));
    const limited = await followAll('/api/v1/registry/query', {
      ...SPEC_LOAD,
      fields: 'Id',
      limit: 2100,
    });
    expect(limited.map((p) => [p.totalSize, p.records.length, p.done])).toEqual([
      [2100, 2000, false],
      [2100, 100, true],
    ]);
  });

  it('salesforce: answers all 2,500 active holders through Salesforce’s own pages', async () => {
    const pages = await followAll('/api/v1/salesforce/query', SPEC_LOAD);
    expect(pages.map((p) => p.records.length)).toEqual([2000, 500]);
    expect(pages.every((p) => p.totalSize === HOLDERS)).toBe(true);
    expect(pages.at(-1)!.done).toBe(true);
    const names = new Set(pages.flatMap((p) => p.records.map((r) => r.Name)));
    expect(names.size).toBe(HOLDERS);
  });
});

describe('pages follow the order’s keys', () => {
  it.each([
    [['City__c DESC', 'Email__c']],
    [['Email__c DESC']],
    [['Email__c', 'Notes__c DESC']],
    [['Is_Admin__c DESC', 'Active__c', 'City__c']],
  ])('ordered by %s, small pages answer what large ones do, every holder once', async (orderBy) => {
    const ids = async (pageSize: number) =>
      (
        await followAll('/api/v1/registry/query', {
          objectName: 'Shareholder__c',
          fields: 'Id',
          orderBy,
          pageSize,
        })
      ).flatMap((p) => p.records.map((r) => r.Id));
    const large = await ids(2000);
    expect(new Set(large).size).toBe(HOLDERS + 40);
    expect(await ids(97)).toEqual(large);
  });
});

describe('search pages the same way', () => {
  const follow = async (url: string, body: unknown) => {
    const first = await post(url, body);
    expect(first.statusCode, first.body).toBe(200);
    const pages = [first.json<GatewaySearchResponse>()];
    for (let next = pages[0]!.nextRecordsUrl; next; next = pages.at(-1)!.nextRecordsUrl) {
      const res = await get(next);
      expect(res.statusCode, res.body).toBe(200);
      pages.push(res.json<GatewaySearchResponse>());
    }
    return pages;
  };

  it('registry: every holder matching the term, page by page', async () => {
    const pages = await follow('/api/v1/registry/search', {
      searchTerm: 'Holder 12',
      fields: 'Id,Name',
      pageSize: 40,
    });
    // Holder 12, 120-129 and 1200-1299 (active or not: search finds every holder).
    expect(pages.map((p) => p.searchRecords.length)).toEqual([40, 40, 31]);
    expect(pages[0]!.totalSize).toBe(111);
    expect(pages.at(-1)!.done).toBe(true);
    const names = pages.flatMap((p) => p.searchRecords.map((r) => r.Name));
    expect(new Set(names).size).toBe(111);
  });

  it('salesforce: one object’s matches, page by page (SOSL LIMIT and OFFSET)', async () => {
    const pages = await follow('/api/v1/salesforce/search', {
      searchTerm: 'Holder 12',
      objectName: 'Shareholder__c',
      fields: 'Id,Name',
      pageSize: 40,
    });
    const names = pages.flatMap((p) => p.searchRecords.map((r) => r.Name));
    expect(names).toHaveLength(111);
    expect(new Set(names).size).toBe(111);
    expect(pages.at(-1)!.done).toBe(true);
    expect(pages.slice(0, -1).every((p) => !p.done)).toBe(true);
  });
});

describe('a nextRecordsUrl is the caller’s own', () => {
  let next: string;
  beforeAll(async () => {
    const first = await post('/api/v1/registry/query', { ...SPEC_LOAD, pageSize: 10 });
    next = first.json<Page>().nextRecordsUrl!;
  });
  const cursorOf = (url: string) => url.split('/').at(-1)!;

  it('is a URL of the same operation and provider', () => {
    expect(next).toMatch(/^\/api\/v1\/registry\/query\/[\w.-]+$/);
  });

  it('is refused to another user of the organization (403)', async () => {
    const res = await post('/api/v1/api-keys', {
      name: 'reader',
      scopes: ['gateway', 'ledger:read'],
    });
    const key = { 'x-api-key': res.json<CreatedApiKey>().key };
    expectErrorAnswerLike(await get(next, key), 403, { code: 'GATEWAY.CURSOR_NOT_YOURS' });
  });

  it('is refused to another organization (403)', async () => {
    expectErrorAnswerLike(await get(next, other.as.admin), 403, {
      code: 'GATEWAY.CURSOR_NOT_YOURS',
    });
  });

  it('carries nothing readable: no holder’s data, no filter value, in a URL that logs keep', async () => {
    const byEmail = await post('/api/v1/registry/query', {
      objectName: 'Shareholder__c',
      fields: 'Id,Email__c',
      filter: { Name: { operator: 'LIKE', value: 'Holder 0' } },
      orderBy: 'Email__c DESC',
      pageSize: 5,
    });
    const page = byEmail.json<Page>();
    const cursor = cursorOf(page.nextRecordsUrl!);
    const decoded = [
      Buffer.from(cursor, 'base64url'),
      ...cursor.split('.').map((part) => Buffer.from(part, 'base64url')),
    ].flatMap((b) => {
      try {
        return [b.toString('latin1'), inflateRawSync(b).toString('utf8')];
      } catch {
        return [b.toString('latin1')];
      }
    });
    const lastEmail = page.records.at(-1)!.Email__c as string;
    expect(lastEmail).toMatch(/@many\.test$/);
    for (const text of decoded) {
      expect(text).not.toContain(lastEmail);
      expect(text).not.toContain('Holder 0');
    }
  });

  it('is refused when tampered with or on another provider (400)', async () => {
    const cursor = cursorOf(next);
    const at = Math.floor(cursor.length / 2);
    const flipped = `${cursor.slice(0, at)}${cursor[at] === 'A' ? 'B' : 'A'}${cursor.slice(at + 1)}`;
    for (const url of [
      `/api/v1/registry/query/${flipped}`,
      `/api/v1/registry/query/${cursor.slice(0, 20)}`,
      `/api/v1/registry/query/not-a-cursor`,
      `/api/v1/salesforce/query/${cursor}`,
      `/api/v1/registry/search/${cursor}`,
    ])
      expectErrorAnswerLike(await get(url), 400, {
        code: 'GATEWAY.CURSOR_INVALID',
        field: 'cursor',
      });
  });

  it('cannot carry a filter too long for a URL: such a query is refused, never cut short', async () => {
    const noise = Array.from({ length: 98 }, () => randomBytes(75).toString('base64'));
    const long = {
      objectName: 'Shareholder__c',
      fields: 'Id',
      filter: { Name: { operator: 'IN', value: [holderName(1), holderName(2), ...noise] } },
    };
    const onePage = await post('/api/v1/registry/query', long);
    expect(onePage.json<Page>()).toMatchObject({ totalSize: 2, done: true });
    expectErrorAnswerLike(await post('/api/v1/registry/query', { ...long, pageSize: 1 }), 400, {
      code: 'GATEWAY.QUERY_TOO_LONG_TO_PAGE',
      field: 'filter',
    });
  });

  it('is refused after it expires (410), naming what to do', async () => {
    const [user] = await t.database.db
      .select({ id: authUser.id })
      .from(authUser)
      .where(eq(authUser.email, 'holder1@many.test'));
    const old = createCursors(TEST_SESSION_SECRET, { now: () => Date.now() - 16 * 60_000 });
    const stale = old.seal({
      provider: 'registry',
      operation: 'query',
      organizationId: org,
      userId: user!.id,
      state: {},
    });
    const res = await get(`/api/v1/registry/query/${stale}`);
    expectErrorAnswerLike(res, 410, { code: 'GATEWAY.CURSOR_EXPIRED' });
    expect(res.json<{ message: string }>().message).toMatch(/again/);
  });
});
