// A login belongs to the company where it was created: a holder record in another company with
// the same e-mail (an administrator of company B importing company A's user, Is_Admin set) never
// changes who a session is or which company it opens (issue 23). Two companies, every way in.
import { beforeAll, describe, expect, it } from 'vitest';
import type { TokenPair } from '../../contract/auth';
import type { UserInfo } from '../../contract/user-info';
import { addLogin, createHolder, createOrganization } from '../test-support/fixtures';
import { googleEnv, useAuthClient, useTestIdp } from '../test-support/use-sign-in-services';
import { useTestApp } from '../test-support/use-test-app';
import { testBrowser } from '../test-support/test-browser';

const idp = useTestIdp();
const t = useTestApp(() => ({ env: googleEnv(idp) }));
const c = useAuthClient(t);
const PW = 'correct horse battery staple';

let companyA = '';
let companyB = '';
const holders: Record<string, string> = {};

beforeAll(async () => {
  const db = t.database.db;
  companyA = (await createOrganization(db, 'Alpha, Inc.')).organization.id;
  companyB = (await createOrganization(db, 'Beta, Inc.')).organization.id;
  holders.alice = (await createHolder(db, companyA, { name: 'Alice A', email: 'alice@t.test' })).id;
  holders.gina = (await createHolder(db, companyA, { name: 'Gina A', email: 'gina@t.test' })).id;
  holders.bea = (
    await createHolder(db, companyB, { name: 'Bea B', email: 'bea@t.test', isAdmin: true })
  ).id;
  for (const [email, name] of [
    ['alice@t.test', 'Alice'],
    ['bea@t.test', 'Bea'],
  ] as const)
    await addLogin(t, email, name, PW);
  // Company B's administrator imports holders carrying company A's users' e-mails, as admins.
  holders.aliceInB = (
    await createHolder(db, companyB, { name: 'Alice B', email: 'alice@t.test', isAdmin: true })
  ).id;
  holders.ginaInB = (
    await createHolder(db, companyB, { name: 'Gina B', email: 'GINA@t.test', isAdmin: true })
  ).id;
});

const info = async (headers: Record<string, string>) => {
  const res = await c.userInfo(headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<UserInfo>();
};
const get = (url: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url, headers: { origin: c.origin, ...headers } });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The session is company A's shareholder Alice: her holder, no administrator's rights. */
async function expectAliceOfA(headers: Record<string, string>) {
  expect(await info(headers)).toMatchObject({ SH_ID: holders.alice, isAdmin: false });
  expect((await get('/api/v1/shareholders', headers)).statusCode).toBe(403);
  expect((await get(`/api/v1/shareholders/${holders.alice}`, headers)).statusCode).toBe(200);
  expect((await get(`/api/v1/shareholders/${holders.aliceInB}`, headers)).statusCode).toBe(404);
}

describe('a login belongs to the company where it was created (issue 23)', () => {
  it("another company's holder record with the user's e-mail changes no session: cookie, bearer, new sign-in, refresh", async () => {
    const { res, cookie } = await c.login('alice@t.test', PW);
    expect(res.statusCode).toBe(200);
    const pair = res.json<TokenPair>();
    await expectAliceOfA({ cookie: cookie! });
    await expectAliceOfA(bearer(pair.accessToken));
    const refreshed = await c.post('/auth/refresh', { refreshToken: pair.refreshToken });
    expect(refreshed.statusCode).toBe(200);
    await expectAliceOfA(bearer(refreshed.json<TokenPair>().accessToken));
    // With x-organization-id naming company B, the session is refused, never switched.
    const switched = await c.userInfo({ cookie: cookie!, 'x-organization-id': companyB });
    expect(switched.statusCode).toBe(403);
  });

  it('Google sign-in opens the company of the login, linked or new', async () => {
    idp.setUser({ sub: 'g-alice', email: 'alice@t.test', email_verified: true, name: 'Alice' });
    const linked = testBrowser(t);
    await linked.go('/auth/oauth/google?redirect=true');
    expect(linked.session()).toBeTruthy();
    await expectAliceOfA({ cookie: `registry.session_token=${linked.session()}` });
    // Gina had no login yet: the one Google creates belongs to the company that held her first.
    idp.setUser({ sub: 'g-gina', email: 'gina@t.test', email_verified: true, name: 'Gina' });
    const created = testBrowser(t);
    await created.go('/auth/oauth/google?redirect=true');
    const gina = { cookie: `registry.session_token=${created.session()}` };
    expect(await info(gina)).toMatchObject({ SH_ID: holders.gina, isAdmin: false });
    expect((await get('/api/v1/shareholders', gina)).statusCode).toBe(403);
  });

  it("another company's administrator can neither end the login's sessions nor set its password", async () => {
    const alice = await c.login('alice@t.test', PW);
    const bea = await c.login('bea@t.test', PW);
    const asBea = { cookie: bea.cookie! };
    const end = await c.post('/auth/admin/end-user-sessions', { email: 'alice@t.test' }, asBea);
    expect(end.statusCode, end.body).toBe(404);
    const all = await c.post('/auth/admin/end-all-sessions', {}, asBea);
    expect(all.statusCode, all.body).toBe(200);
    const set = await c.post(
      '/auth/set-password',
      { email: 'alice@t.test', newPassword: 'a password bea chose' },
      asBea,
    );
    expect([404, 409], set.body).toContain(set.statusCode);
    await expectAliceOfA({ cookie: alice.cookie! });
    expect((await c.login('alice@t.test', PW)).res.statusCode).toBe(200);
    expect((await c.login('alice@t.test', 'a password bea chose')).res.statusCode).toBe(401);
  });
});
