import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHolder, createOrganization, signInAs } from '../test-support/fixtures';
import { createTestApp, type TestApp } from '../test-support/test-app';

// LOG-02: an object-level denial (another holder's id, answered with the same 404 as a missing
// one, ACL-02) is one warn line naming the user, the route, the id asked for and the request.

let t: TestApp;
let ids: { own: string; other: string; foreign: string };
let asHolder: Record<string, string>;
let asAdmin: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const { organization } = await createOrganization(db);
  const elsewhere = await createOrganization(db, 'Elsewhere, Inc.');
  const own = await createHolder(db, organization.id, { name: 'Own', email: 'own@t.test' });
  const other = await createHolder(db, organization.id, { name: 'Other', email: 'other@t.test' });
  await createHolder(db, organization.id, { name: 'Admin', email: 'admin@t.test', isAdmin: true });
  const foreign = await createHolder(db, elsewhere.organization.id, { name: 'Foreign' });
  ids = { own: own.id, other: other.id, foreign: foreign.id };
  asHolder = await signInAs(t, 'own@t.test');
  asAdmin = await signInAs(t, 'admin@t.test');
});
afterAll(() => t.close());

const denials = () => t.logs.filter((l) => l.event === 'access.object_denied');

async function probe(
  headers: Record<string, string>,
  method: 'GET' | 'PUT',
  url: string,
  payload?: object,
) {
  const before = denials().length;
  const res = await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  return { res, lines: denials().slice(before) };
}

const profile = (id: string) => ({
  ShareholderId: id,
  FullName: 'Changed',
  State: '',
  City: '',
  Address: '',
  ZipCode: '',
  Phone: '',
  CellPhone: '',
  Notes: '',
});

describe('object-level denials (LOG-02)', () => {
  it("log one line per probe of another holder's or a missing id, with user, route, id and request id", async () => {
    const missing = randomUUID();
    const probes = [
      ['GET', `/api/v1/shareholders/${ids.other}`, 'GET /api/v1/shareholders/:id', ids.other],
      ['GET', `/api/v1/shareholders/${missing}`, 'GET /api/v1/shareholders/:id', missing],
      [
        'GET',
        `/api/v1/shareholders/${ids.other}/statement`,
        'GET /api/v1/shareholders/:id/statement',
        ids.other,
      ],
      [
        'GET',
        `/api/v1/shareholders/${ids.other}/statement.pdf`,
        'GET /api/v1/shareholders/:id/statement.pdf',
        ids.other,
      ],
      ['GET', `/api/v1/certificates?holderId=${ids.other}`, 'GET /api/v1/certificates', ids.other],
      ['PUT', `/api/v1/shareholders/${ids.other}`, 'PUT /api/v1/shareholders/:id', ids.other],
    ] as const;
    const me = await t.app.inject({ method: 'POST', url: '/api/v1/userInfo', headers: asHolder });
    const { userId } = me.json<{ userId: string }>();
    for (const [method, url, route, requestedId] of probes) {
      const { res, lines } = await probe(
        asHolder,
        method,
        url,
        method === 'PUT' ? profile(ids.other) : undefined,
      );
      expect(res.statusCode, url).toBe(404);
      expect(lines, url).toHaveLength(1);
      expect(lines[0], url).toMatchObject({
        level: 40,
        route,
        requestedId,
        role: 'shareholder',
        requestId: res.headers['x-request-id'],
      });
      expect(lines[0]!.userId, url).toBe(userId);
      expect(lines[0]!.at, url).toMatch(/Z$/);
    }
  });

  it('log nothing when holders read their own records', async () => {
    for (const url of [
      `/api/v1/shareholders/${ids.own}`,
      `/api/v1/shareholders/${ids.own}/statement`,
      `/api/v1/certificates?holderId=${ids.own}`,
    ]) {
      const { res, lines } = await probe(asHolder, 'GET', url);
      expect(res.statusCode, url).toBe(200);
      expect(lines, url).toHaveLength(0);
    }
  });

  it("log an administrator's probe of another organization's holder", async () => {
    const { res, lines } = await probe(asAdmin, 'GET', `/api/v1/shareholders/${ids.foreign}`);
    expect(res.statusCode).toBe(404);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ role: 'administrator', requestedId: ids.foreign });
    const mine = await probe(asAdmin, 'GET', `/api/v1/shareholders/${ids.other}`);
    expect(mine.res.statusCode).toBe(200);
    expect(mine.lines).toHaveLength(0);
  });
});
