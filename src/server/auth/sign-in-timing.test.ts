import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '../../contract/auth';
import { authLoginFailure } from '../db/schema';
import { addLogin, createHolder, createOrganization } from '../test-support/fixtures';
import { useAuthClient, useSmtpCatcher } from '../test-support/use-sign-in-services';
import { useTestApp } from '../test-support/use-test-app';

// What an attacker can measure: whether an address exists must not show in the status, the body
// or the time of an answer. The two kinds of request are interleaved in every batch, so that
// whatever else runs on the machine slows both alike, and their medians are compared.

const smtp = useSmtpCatcher();
const t = useTestApp(() => ({ env: { SMTP_URL: smtp.url } }));
const c = useAuthClient(t);
const PW = 'correct horse battery staple';
const KNOWN = 'known@t.test';

beforeAll(async () => {
  const { organization } = await createOrganization(t.database.db);
  await createHolder(t.database.db, organization.id, { name: 'Known', email: KNOWN });
  await addLogin(t, KNOWN, 'Known', PW);
});

const quantile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))]!;

/**
 * Runs `perKind` requests of each kind, `width` of each kind at a time, interleaved; returns the
 * latencies, statuses and bodies of each kind.
 */
async function measure<K extends string>(
  kinds: readonly [K, K],
  perKind: number,
  width: number,
  send: (kind: K, i: number) => Promise<{ statusCode: number; body: string }>,
  between?: () => Promise<unknown>,
) {
  const out = Object.fromEntries(
    kinds.map((k) => [k, { ms: [] as number[], statuses: [] as number[], bodies: [] as string[] }]),
  ) as Record<K, { ms: number[]; statuses: number[]; bodies: string[] }>;
  for (let i = 0; i < perKind; i += width) {
    const jobs = [];
    for (let j = i; j < Math.min(i + width, perKind); j++)
      for (const kind of j % 2 ? [...kinds].reverse() : kinds)
        jobs.push(
          (async () => {
            const start = performance.now();
            const res = await send(kind, j);
            out[kind].ms.push(performance.now() - start);
            out[kind].statuses.push(res.statusCode);
            out[kind].bodies.push(res.body);
          })(),
        );
    await Promise.all(jobs);
    await between?.();
  }
  return out;
}

describe('POST /auth/login: an unknown e-mail and a wrong password (AUTH-06)', () => {
  it('answer with the same status and body, and the same time: 200 attempts of each, median gap < 10 ms', async () => {
    // Two of each at a time: four argon2 computations (about 10 ms each here) fit well inside the
    // 200 ms floor even on a busy 2-core machine, so the floor, not the load, sets the time of both.
    const r = await measure(
      ['unknown', 'wrong'] as const,
      200,
      2,
      async (kind, i) =>
        (await c.login(kind === 'unknown' ? `ghost${i}@t.test` : KNOWN, `wrong-password-${i}`)).res,
      // Keeps the known account below its back-off (AUTH-07 has its own tests).
      () => t.database.db.delete(authLoginFailure).where(eq(authLoginFailure.email, KNOWN)),
    );
    for (const kind of ['unknown', 'wrong'] as const) {
      expect(r[kind].statuses).toEqual(Array(200).fill(401));
      expect(new Set(r[kind].bodies)).toEqual(
        new Set([
          JSON.stringify({
            code: 'AUTH.INVALID_CREDENTIALS',
            message: authMessages.invalidCredentials,
          }),
        ]),
      );
    }
    const gap = Math.abs(quantile(r.unknown.ms, 0.5) - quantile(r.wrong.ms, 0.5));
    expect(gap).toBeLessThan(10);
  }, 240_000);
});

describe('POST /auth/forgot-password: a known and an unknown address (RST-01)', () => {
  it('answer with the same body and the same time: 200 requests of each, median gap < 10 ms, p95 gap < 25 ms', async () => {
    const r = await measure(['known', 'unknown'] as const, 200, 8, async (kind, i) =>
      c.post('/auth/forgot-password', { email: kind === 'known' ? KNOWN : `nobody${i}@t.test` }),
    );
    for (const kind of ['known', 'unknown'] as const) {
      expect(r[kind].statuses).toEqual(Array(200).fill(200));
      expect(new Set(r[kind].bodies)).toEqual(
        new Set([JSON.stringify({ success: true, message: authMessages.forgotPasswordSent })]),
      );
    }
    const median = Math.abs(quantile(r.known.ms, 0.5) - quantile(r.unknown.ms, 0.5));
    const p95 = Math.abs(quantile(r.known.ms, 0.95) - quantile(r.unknown.ms, 0.95));
    expect(median).toBeLessThan(10);
    expect(p95).toBeLessThan(25);
    // The known address did get mail (at most 5 an hour), the unknown ones none.
    await t.app.authRuntime.drain();
    expect(c.mailsTo(smtp.mails, KNOWN)).toHaveLength(5);
    expect(smtp.mails.filter((m) => m.to.some((x) => x.startsWith('nobody')))).toHaveLength(0);
  }, 240_000);
});
