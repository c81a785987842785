// Lock-out abuse (AUTH-07, issue 23): the account's failure count slows guessing, but never keeps
// the owner out. Each client is throttled by its own failures: an address that guessed waits
// (longer the more the account is guessed), a new client with the right password signs in, the
// owner's known browser (device cookie) too. A completed reset clears the back-off, and the owner
// is told by e-mail when guessing goes on.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BACKOFF } from './rate-limit';
import { authLoginFailure } from '../db/schema';
import { addLogin, createHolder, createOrganization } from '../test-support/fixtures';
import { useSmtpCatcher } from '../test-support/use-sign-in-services';
import { useTestApp } from '../test-support/use-test-app';
import { tokenFromMail } from '../test-support/auth-client';

const smtp = useSmtpCatcher();
const t = useTestApp(() => ({ env: { SMTP_URL: smtp.url } }));
const PW = 'correct horse battery staple';
const origin = 'http://localhost:3000';

let company = '';
beforeAll(async () => {
  const { organization } = await createOrganization(t.database.db);
  company = organization.legalName;
  for (const name of ['owner', 'paced', 'stepped', 'reset', 'forged']) {
    await createHolder(t.database.db, organization.id, { name, email: `${name}@t.test` });
    await addLogin(t, `${name}@t.test`, name, PW);
  }
});
afterEach(() => vi.useRealTimers());

let fresh = 0;
/** An address no test used before: a new client. */
const newAddress = () => `10.77.${Math.floor(++fresh / 250)}.${fresh % 250}`;
/** The guesser's twenty addresses of a test (tag tells tests apart). */
const guessers = (tag: number) => Array.from({ length: 20 }, (_, i) => `10.${tag}.0.${i + 1}`);

const attempt = (username: string, password: string, address: string, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/auth/login',
    headers: { origin, ...(cookie ? { cookie } : {}) },
    remoteAddress: address,
    payload: { username, password },
  });
const status = async (...args: Parameters<typeof attempt>) => (await attempt(...args)).statusCode;

const deviceCookieOf = (setCookie: string | string[] | undefined) =>
  [setCookie ?? []]
    .flat()
    .find((c) => c.startsWith('registry.device='))
    ?.split(';')[0];

/** A wrong guess from every address, then another, which each waits for (429); the 401s. */
async function guessUntilEachIsHeld(username: string, addresses: string[]): Promise<number> {
  let checked = 0;
  for (const a of addresses) if ((await status(username, 'wrong guess', a)) === 401) checked++;
  // Two attempts an address so far: the per-address limit (3 in 10 s) is not what answers.
  for (const a of addresses) expect(await status(username, 'wrong guess', a)).toBe(429);
  return checked;
}

const mailsTo = async (email: string) => {
  await t.app.authRuntime.drain();
  return smtp.mails.filter((m) => m.to.includes(email));
};

describe('lock-out: the owner is never kept out (issue 23, AUTH-07)', () => {
  it('20 guessing addresses leave a new client with the right password, and the known browser, signing in', async () => {
    const device = deviceCookieOf(
      (await attempt('owner@t.test', PW, newAddress())).headers['set-cookie'],
    );
    expect(device).toMatch(/^registry\.device=[\w-]+\.[\w-]+$/);
    const addresses = guessers(1);
    // Every address gets its first guess checked; after that each waits on its own.
    expect(await guessUntilEachIsHeld('owner@t.test', addresses)).toBe(20);
    // The guessers' addresses stay held back, the right password included...
    expect(await status('owner@t.test', PW, addresses[0]!)).toBe(429);
    // ...while the owner, from a new browser on a new address, signs in; so does the known one.
    expect(await status('owner@t.test', PW, newAddress())).toBe(200);
    expect(await status('owner@t.test', PW, newAddress(), device)).toBe(200);
    // The owner's success lifts nothing for the guessers.
    expect(await status('owner@t.test', 'wrong guess', addresses[1]!)).toBe(429);
    // Logged, and the owner told once by e-mail, with no secret in it.
    expect(t.logs.some((l) => l.event === 'auth.sustained_guessing')).toBe(true);
    const notices = await mailsTo('owner@t.test');
    expect(notices).toHaveLength(1);
    expect(notices[0]!.subject).toBe(`${company}: Someone is trying to sign in to your account`);
    expect(notices[0]!.text).toContain(company);
    expect(notices[0]!.text).not.toContain('wrong guess');
  });

  it("an address that guessed waits longer the more the account is guessed (the account's count slows guessing)", async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const t0 = Date.now();
    const at = (ms: number) => vi.setSystemTime(t0 + ms);
    const [a1, a2, a3, ...rest] = guessers(2) as [string, string, string, ...string[]];
    for (const a of [a1, a2, a3, ...rest].slice(0, BACKOFF.freeFailures))
      expect(await status('stepped@t.test', 'wrong guess', a)).toBe(401);
    // Ten failures: an address that guessed waits 1 s after its guess...
    const held = await attempt('stepped@t.test', 'wrong guess', a1);
    expect(held.statusCode).toBe(429);
    expect(held.headers['retry-after']).toBe('1');
    at(1000);
    expect(await status('stepped@t.test', 'wrong guess', a1)).toBe(401);
    // ...eleven: 2 s, so the address that guessed with the first waits a second more...
    const longer = await attempt('stepped@t.test', 'wrong guess', a2);
    expect(longer.statusCode).toBe(429);
    expect(longer.headers['retry-after']).toBe('1');
    at(2000);
    expect(await status('stepped@t.test', 'wrong guess', a2)).toBe(401);
    // ...twelve: 4 s after its own guess at 0 s, the right password included.
    const longest = await attempt('stepped@t.test', PW, a3);
    expect(longest.statusCode).toBe(429);
    expect(longest.headers['retry-after']).toBe('2');
    // A new client is held back by none of it.
    expect(await status('stepped@t.test', PW, newAddress())).toBe(200);
  });

  it('a completed password reset clears the back-off', async () => {
    const addresses = guessers(3);
    // Guessing went on for a while: the back-off is at its longest (15 min).
    await t.database.db
      .insert(authLoginFailure)
      .values(Array.from({ length: 30 }, (_, i) => ({ id: `pad-${i}`, email: 'reset@t.test' })));
    await guessUntilEachIsHeld('reset@t.test', addresses);
    const reset = await attempt('reset@t.test', PW, addresses[0]!);
    expect(reset.statusCode).toBe(429);
    const asked = await t.app.inject({
      method: 'POST',
      url: '/auth/forgot-password',
      headers: { origin },
      remoteAddress: newAddress(),
      payload: { email: 'reset@t.test' },
    });
    expect(asked.statusCode).toBe(200);
    const mail = (await mailsTo('reset@t.test')).find((m) =>
      m.subject.endsWith(': Reset your password'),
    )!;
    const done = await t.app.inject({
      method: 'POST',
      url: '/auth/reset-password',
      headers: { origin },
      remoteAddress: newAddress(),
      payload: { token: tokenFromMail(mail.text), newPassword: 'the owner chose anew' },
    });
    expect(done.statusCode, done.body).toBe(200);
    // An address held back before signs in at once with the new password.
    expect(await status('reset@t.test', 'the owner chose anew', addresses[1]!)).toBe(200);
  });

  it('a forged device cookie, or one of another account, frees no address', async () => {
    const other = deviceCookieOf(
      (await attempt('paced@t.test', PW, newAddress())).headers['set-cookie'],
    )!;
    const own = deviceCookieOf(
      (await attempt('forged@t.test', PW, newAddress())).headers['set-cookie'],
    )!;
    const addresses = guessers(4);
    await guessUntilEachIsHeld('forged@t.test', addresses);
    const forged =
      'registry.device=AAAAAAAAAAAAAAAAAAAAAA.BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB';
    expect(await status('forged@t.test', PW, addresses[0]!, forged)).toBe(429);
    expect(await status('forged@t.test', PW, addresses[1]!, other)).toBe(429);
    expect(await status('forged@t.test', PW, addresses[2]!, own)).toBe(200);
  });
});
