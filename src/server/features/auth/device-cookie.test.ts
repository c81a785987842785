// Lock-out abuse: an attacker guessing from elsewhere keeps untrusted clients slowed down, but
// the owner's browser, which signed in before and carries a device cookie, still signs in.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BACKOFF } from '../../auth/rate-limit';
import { addLogin, createHolder, createOrganization } from '../../test-support/fixtures';
import { createTestApp, type TestApp } from '../../test-support/test-app';

let t: TestApp;
const PW = 'correct horse battery staple';
const origin = 'http://localhost:3000';

beforeAll(async () => {
  t = await createTestApp();
  const { organization } = await createOrganization(t.database.db);
  await createHolder(t.database.db, organization.id, { name: 'Owner', email: 'owner@t.test' });
  await addLogin(t, 'owner@t.test', 'Owner', PW);
  await createHolder(t.database.db, organization.id, { name: 'Paced', email: 'paced@t.test' });
  await addLogin(t, 'paced@t.test', 'Paced', PW);
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

let ip = 0;
const attempt = (password: string, cookie?: string, username = 'owner@t.test') =>
  t.app.inject({
    method: 'POST',
    url: '/auth/login',
    headers: { origin, ...(cookie ? { cookie } : {}) },
    // A new address each time: the per-IP limit is not what this test is about.
    remoteAddress: `10.66.${Math.floor(++ip / 250)}.${ip % 250}`,
    payload: { username, password },
  });

const deviceCookieOf = (setCookie: string | string[] | undefined) =>
  [setCookie ?? []]
    .flat()
    .find((c) => c.startsWith('registry.device='))
    ?.split(';')[0];

describe('device cookies (lock-out abuse)', () => {
  it("keeps the owner's known browser signing in while an attacker keeps the account slowed", async () => {
    const first = await attempt(PW);
    expect(first.statusCode).toBe(200);
    const device = deviceCookieOf(first.headers['set-cookie']);
    expect(device).toMatch(/^registry\.device=[\w-]+\.[\w-]+$/);
    expect(String(first.headers['set-cookie'])).toMatch(
      /registry\.device=.*HttpOnly; SameSite=Lax/,
    );

    // The attacker: wrong guesses from other clients until the account's back-off holds.
    for (let i = 0; i < BACKOFF.freeFailures; i++)
      expect((await attempt('wrong guess')).statusCode).toBe(401);
    expect((await attempt('wrong guess')).statusCode).toBe(429);
    expect(t.logs.some((l) => l.event === 'auth.sustained_guessing')).toBe(true);

    // An untrusted client with the right password waits too; the owner's browser does not.
    expect((await attempt(PW)).statusCode).toBe(429);
    expect((await attempt(PW, device)).statusCode).toBe(200);
  });

  it('does not trust a device cookie signed for another account or tampered with', async () => {
    // The server's clock stands still: the account stays slowed however slow the machine is.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    let guesses = 0;
    while ((await attempt('wrong guess')).statusCode !== 429) expect(++guesses).toBeLessThan(12);
    const forged =
      'registry.device=AAAAAAAAAAAAAAAAAAAAAA.BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB';
    expect((await attempt(PW, forged)).statusCode).toBe(429);
  });

  it('an attacker guessing once each time the back-off allows never keeps the owner out', async () => {
    const paced = (password: string, cookie?: string) => attempt(password, cookie, 'paced@t.test');
    const device = deviceCookieOf((await paced(PW)).headers['set-cookie']);
    // The server's clock only (no timers): the attacker waits out each back-off in a moment.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    for (let i = 0; i < BACKOFF.freeFailures; i++)
      expect((await paced('wrong guess')).statusCode).toBe(401);
    for (let round = 0; round < 6; round++) {
      const slowed = await paced('wrong guess');
      expect(slowed.statusCode).toBe(429);
      // The account stays slowed for untrusted clients, the right password included.
      expect((await paced(PW)).statusCode).toBe(429);
      vi.setSystemTime(Date.now() + Number(slowed.headers['retry-after']) * 1000);
      // One guess as soon as the window opens: taken, and wrong.
      expect((await paced('wrong guess')).statusCode).toBe(401);
    }
    expect((await paced(PW)).statusCode).toBe(429);
    // The owner's known browser signs in all the same.
    expect((await paced(PW, device)).statusCode).toBe(200);
  });
});
