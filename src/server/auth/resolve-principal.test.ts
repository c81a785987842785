import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authSession, authUser, shareholder } from '../db/schema';
import { useHolderWithLogin } from '../test-support/use-holder-with-login';
import {
  mustRewriteExpiry,
  REFRESH_SLACK_MS,
  SESSION_LIMITS,
  sessionExpiry,
} from './session-expiry';

const MIN = 60_000;

describe('sessionExpiry and mustRewriteExpiry', () => {
  const created = new Date('2026-01-01T00:00:00Z');
  const at = (ms: number) => created.getTime() + ms;
  it.each([
    ['administrator', 0, 15 * MIN],
    ['shareholder', 0, 30 * MIN],
    [null, 0, 30 * MIN],
    ['administrator', 8 * 60 * MIN - 5 * MIN, 8 * 60 * MIN],
    ['shareholder', 24 * 60 * MIN - 1 * MIN, 24 * 60 * MIN],
  ] as const)('%s used at +%d ms expires at +%d ms', (role, used, expires) => {
    expect(sessionExpiry(role, created, at(used)).getTime()).toBe(at(expires));
  });
  it('rewrites when shortening, or when lengthening past the slack only', () => {
    const stored = new Date(at(30 * MIN));
    expect(mustRewriteExpiry(stored, new Date(at(30 * MIN - 1)))).toBe(true);
    expect(mustRewriteExpiry(stored, new Date(at(30 * MIN)))).toBe(false);
    expect(mustRewriteExpiry(stored, new Date(at(30 * MIN + REFRESH_SLACK_MS)))).toBe(false);
    expect(mustRewriteExpiry(stored, new Date(at(30 * MIN + REFRESH_SLACK_MS + 1)))).toBe(true);
  });
});

describe('the per-request session refresh', () => {
  const PW = 'correct horse battery staple';
  const { t, c } = useHolderWithLogin({ name: 'Hana', email: 'hana@t.test' }, PW);
  afterEach(() => {
    vi.useRealTimers();
  });

  const sessionRow = async () => {
    const [user] = await t.database.db
      .select({ id: authUser.id })
      .from(authUser)
      .where(eq(authUser.email, 'hana@t.test'));
    const [row] = await t.database.db
      .select()
      .from(authSession)
      .where(eq(authSession.userId, user!.id));
    return row!;
  };

  it('does not rewrite the session on every request of a burst, and slides past the slack', async () => {
    await t.database.db.delete(authSession);
    const { cookie } = await c.login('hana@t.test', PW);
    const first = await sessionRow();
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    for (let i = 1; i <= 4; i++) {
      vi.setSystemTime(start + i * 1000);
      expect((await c.userInfo({ cookie: cookie! })).statusCode).toBe(200);
    }
    expect((await sessionRow()).expiresAt).toEqual(first.expiresAt);
    vi.setSystemTime(start + 10 * MIN);
    expect((await c.userInfo({ cookie: cookie! })).statusCode).toBe(200);
    expect((await sessionRow()).expiresAt.getTime()).toBe(
      start + 10 * MIN + SESSION_LIMITS.shareholder.idle * 1000,
    );
  });

  it('a promotion to administrator shortens the idle limit at the next request', async () => {
    await t.database.db.delete(authSession);
    const { cookie } = await c.login('hana@t.test', PW);
    await t.database.db
      .update(shareholder)
      .set({ isAdmin: true })
      .where(eq(shareholder.email, 'hana@t.test'));
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    vi.setSystemTime(start + 1000);
    expect((await c.userInfo({ cookie: cookie! })).statusCode).toBe(200);
    // 16 minutes later: past the administrators' 15, within the shareholders' 30.
    vi.setSystemTime(start + 1000 + 16 * MIN);
    expect((await c.userInfo({ cookie: cookie! })).statusCode).toBe(401);
    await t.database.db
      .update(shareholder)
      .set({ isAdmin: false })
      .where(eq(shareholder.email, 'hana@t.test'));
  });
});
