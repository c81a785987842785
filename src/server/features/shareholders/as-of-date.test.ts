import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { todayIn } from '../../../ledger';
import { organization } from '../../db/schema';
import { injectJson } from '../../test-support/inject-json';
import { useLedgerApp, type LedgerScenario } from '../../test-support/use-ledger-scenario';

const { t, s } = useLedgerApp();

const reports: Array<[string, (s: LedgerScenario) => string]> = [
  ['the directory', () => '/api/v1/shareholders'],
  ['a statement', (s) => `/api/v1/shareholders/${s.alice.id}/statement`],
  ['a statement PDF', (s) => `/api/v1/shareholders/${s.alice.id}/statement.pdf`],
];

describe("a report's as-of date", () => {
  // Kiritimati (UTC+14) and Pago Pago (UTC-11) are 25 hours apart: at any instant their dates
  // differ, so Kiritimati's today is always a future date in Pago Pago.
  const zone = (timeZone: string) =>
    s.db.update(organization).set({ timeZone }).where(eq(organization.id, s.organization.id));
  const get = (path: string, asOf: string) =>
    injectJson(t, 'GET', `${path}?asOf=${asOf}`, s.as.admin);

  it.each(reports)(
    "after the company's today is refused for %s: 400 naming asOf, in words",
    async (_, path) => {
      const ahead = todayIn('Pacific/Kiritimati');
      try {
        await zone('Pacific/Pago_Pago');
        const today = todayIn('Pacific/Pago_Pago');
        const refused = await get(path(s), ahead);
        expect(refused.statusCode).toBe(400);
        expect(refused.json()).toEqual({
          code: 'HTTP.VALIDATION',
          field: 'asOf',
          message:
            `asOf: ${ahead} is after today (${today} in Pacific/Pago_Pago); ` +
            'a report can only be as of today or an earlier date.',
        });
        expect((await get(path(s), today)).statusCode).toBe(200);
        // The same date is the company's today where it is already that day.
        await zone('Pacific/Kiritimati');
        expect((await get(path(s), ahead)).statusCode).toBe(200);
      } finally {
        await zone('America/New_York');
      }
    },
  );

  it.each(reports)('that is not a date is refused for %s: 400 naming asOf', async (_, path) => {
    const res = await get(path(s), '2024-02-30');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'HTTP.VALIDATION', field: 'asOf' });
  });
});
