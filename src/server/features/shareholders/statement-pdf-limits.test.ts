import { describe, expect, it } from 'vitest';
import { filledBeforeAll } from '../../test-support/filled-before-all';
import { useLedgerScenario } from '../../test-support/use-ledger-scenario';
import { useTestApp } from '../../test-support/use-test-app';
import { PDF_LIMITS } from '../../pdf/render-limits';

// Issue 23: one holder with 8 parallel download loops slowed /healthz to 0.8 s median. Renders
// are limited per user and at once; a refused one is 429 with Retry-After and a message saying
// how long to wait.

const t = useTestApp();
const a = useLedgerScenario(t);
const pdf = (as: Record<string, string>, holderId: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/shareholders/${holderId}/statement.pdf`,
    headers: as,
  });
/** Alice's history long enough that a render is real work (300 lines, several pages). */
filledBeforeAll(async () => {
  for (let n = 0; n < 300; n++)
    await a.post({
      type: 'New Issue',
      holderId: a.alice.id,
      date: '2024-02-01',
      shares: '1',
      cost: '1.25',
      notes: `row ${n} with notes long enough to wrap in the Notes column of the table`,
    });
  // The first render of a process loads fonts and compiles the renderer (about a second on a
  // loaded machine): the administrator pays it here, so the window below measures the limits.
  const first = await pdf(a.as.admin, a.alice.id);
  expect(first.statusCode).toBe(200);
  return {};
});

const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;

function expectRefusal(res: Awaited<ReturnType<typeof pdf>>) {
  expect(res.statusCode).toBe(429);
  const wait = Number(res.headers['retry-after']);
  expect(wait).toBeGreaterThanOrEqual(1);
  expect(res.json()).toEqual({
    code: 'STATEMENT.PDF_LIMITED',
    message: expect.stringMatching(new RegExp(`PDF.*try again in ${wait} seconds?\\.$`)),
  });
}

describe('PDF statements are limited per user and at once', () => {
  it('refuses one holder’s eight parallel download loops beyond the limits, and /healthz keeps answering', async () => {
    const until = performance.now() + 4000;
    const answers: Array<Awaited<ReturnType<typeof pdf>>> = [];
    // Each loop downloads again as soon as it has its file, and 100 ms after a refusal (sooner
    // than the Retry-After it is given).
    const loop = async () => {
      while (performance.now() < until) {
        const res = await pdf(a.as.alice, a.alice.id);
        answers.push(res);
        if (res.statusCode === 429) await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    const health: number[] = [];
    const sample = async () => {
      while (performance.now() < until) {
        const started = performance.now();
        expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
        health.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    await Promise.all([...Array.from({ length: 8 }, loop), sample()]);

    const made = answers.filter((r) => r.statusCode === 200);
    const refused = answers.filter((r) => r.statusCode !== 200);
    expect(made.length).toBeGreaterThan(0);
    expect(made.length).toBeLessThanOrEqual(PDF_LIMITS.perUserPerMinute);
    expect(refused.length).toBeGreaterThan(0);
    for (const res of refused) expectRefusal(res);
    expect(health.length).toBeGreaterThanOrEqual(10);
    expect(median(health), health.map(Math.round).join(',')).toBeLessThan(100);
    expect(Math.max(...health), health.map(Math.round).join(',')).toBeLessThan(1000);
  }, 60_000);

  it('serves another holder meanwhile, and tells the first when the minute’s renders are used up', async () => {
    const other = await pdf(a.as.bob, a.bob.id);
    expect(other.statusCode).toBe(200);
    expect(other.headers['content-type']).toBe('application/pdf');
    let again = await pdf(a.as.alice, a.alice.id);
    for (let n = 0; again.statusCode === 200 && n < PDF_LIMITS.perUserPerMinute; n++)
      again = await pdf(a.as.alice, a.alice.id);
    expectRefusal(again);
    expect(again.json<{ message: string }>().message).toMatch(
      new RegExp(
        `You have asked for ${PDF_LIMITS.perUserPerMinute} PDF statements in the last minute`,
      ),
    );
    expect(Number(again.headers['retry-after'])).toBeLessThanOrEqual(60);
  });

  it('counts only statements it would make: another holder’s is still 404, a later date 400, once the minute’s renders are used up', async () => {
    let own = await pdf(a.as.alice, a.alice.id);
    for (let n = 0; own.statusCode === 200 && n < PDF_LIMITS.perUserPerMinute; n++)
      own = await pdf(a.as.alice, a.alice.id);
    expectRefusal(own);
    expect((await pdf(a.as.alice, a.bob.id)).statusCode).toBe(404);
    const future = await t.app.inject({
      method: 'GET',
      url: `/api/v1/shareholders/${a.alice.id}/statement.pdf?asOf=9999-12-31`,
      headers: a.as.alice,
    });
    expect(future.statusCode).toBe(400);
  });
});
