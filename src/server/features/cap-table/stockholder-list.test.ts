// The stockholder list of DGCL §219 (issue 25, decision 121): GET /api/v1/stockholder-list and
// .csv list every holder of record on the date, by class, alphabetically, with address and
// shares; the CSV (now written by the exports, decision 125) keeps a spreadsheet from reading a
// cell as a formula.
import { describe, expect, it } from 'vitest';
import { stockholderListResponse } from '../../../contract/cap-table';
import { todayIn } from '../../../ledger';
import { EVE_NAME, useCapTableScenario } from '../../test-support/cap-table-scenario';
import { expectErrorAnswerLike } from '../../test-support/expect-error-answer';
import { getParsed } from '../../test-support/get-parsed';
import { injectJson } from '../../test-support/inject-json';

const { t, s, extra } = useCapTableScenario();

const list = (query = '') =>
  getParsed(t, `/api/v1/stockholder-list${query}`, s.as.admin, stockholderListResponse);
const names = (body: Awaited<ReturnType<typeof list>>) =>
  body.classes.map((c) => [c.classType, c.totalShares, c.holders.map((h) => [h.name, h.shares])]);

describe('GET /api/v1/stockholder-list', () => {
  it('today: the holders of record by class, alphabetically, with their addresses', async () => {
    const body = await list();
    expect(body.asOf).toBe(todayIn('America/New_York'));
    expect(body.company).toBe(s.organization.legalName);
    expect(names(body)).toEqual([
      [
        'common',
        '148.00',
        [
          [EVE_NAME, '2.00'],
          ['Alice', '95.00'],
          ['Bob', '40.00'],
          ['Carol', '10.00'],
          ['Rich Admin', '1.00'],
        ],
      ],
      ['preferred', '20.00', [['Alice', '20.00']]],
    ]);
    expect(body.classes[0]).toMatchObject({ name: 'Common Stock' });
    expect(body.classes[0]!.holders[0]).toEqual({
      id: extra.eve,
      name: EVE_NAME,
      fullName: EVE_NAME,
      address: '+1 "Main", Suite @5',
      city: '-Dover',
      state: '',
      postalCode: 'SW1A 2AA',
      country: 'GB',
      shares: '2.00',
    });
  });

  it('as of a past date lists the holders of that date, one deactivated since included', async () => {
    expect(names(await list('?asOf=2023-12-31'))).toEqual([
      [
        'common',
        '171.00',
        [
          ['Alice', '150.00'],
          ['Bob', '10.00'],
          ['Dora', '10.00'],
          ['Rich Admin', '1.00'],
        ],
      ],
      ['preferred', '0.00', []],
    ]);
    const dora = (await list('?asOf=2023-12-31')).classes[0]!.holders[2]!;
    expect(dora).toMatchObject({
      id: extra.dora,
      address: '9 Elm St',
      city: 'Boston',
      state: 'MA',
      postalCode: '02110',
      country: 'US',
    });
    // The day before Alice's first shares: only Rich Admin's one share.
    expect(names(await list('?asOf=2023-01-01'))[0]).toEqual([
      'common',
      '1.00',
      [['Rich Admin', '1.00']],
    ]);
    // A holder with no shares on the date (Carol then, Dora today) is not listed.
    expect(JSON.stringify(await list())).not.toContain(extra.dora);
  });

  it('never lists another company’s holders', async () => {
    for (const query of ['', '?asOf=2023-12-31']) {
      const body = await list(query);
      const ids = body.classes.flatMap((c) => c.holders.map((h) => h.id));
      expect(ids).not.toContain(extra.outsider);
      expect(ids).toContain(s.alice.id);
    }
  });
});

describe('GET /api/v1/stockholder-list.csv', () => {
  it('sends the list as a CSV attachment named for the company and the date, formulas defused', async () => {
    const res = await injectJson(t, 'GET', '/api/v1/stockholder-list.csv?asOf=2024-12-31', {
      ...s.as.admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    // The company's name slugged (exports' test-support checks the slug itself).
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="scenario-[a-z0-9]+-inc-stockholder-list-2024-12-31\.csv"$/,
    );
    const lines = res.body.split('\r\n');
    expect(lines).toEqual([
      'Class,Name,Address,City,State,Postal code,Country,Shares',
      `Common Stock,"'=HYPERLINK(""http://evil.example"",""Eve"")","'+1 ""Main"", Suite @5",'-Dover,,SW1A 2AA,GB,2.00`,
      'Common Stock,Alice,,,,,,95.00',
      'Common Stock,Bob,,,,,,40.00',
      'Common Stock,Carol,,,,,,10.00',
      'Common Stock,Rich Admin,,,,,,1.00',
      'Series A Preferred,Alice,,,,,,20.00',
      '',
    ]);
  });

  it('refuses as the list does: bad or later date 400 naming asOf, 401, 403', async () => {
    for (const path of ['/api/v1/stockholder-list', '/api/v1/stockholder-list.csv']) {
      for (const bad of ['2023-02-29', 'today', '0001-01-01']) {
        const res = await injectJson(t, 'GET', `${path}?asOf=${bad}`, s.as.admin);
        expectErrorAnswerLike(res, 400, { code: 'HTTP.VALIDATION', field: 'asOf' });
      }
      const next = `${Number(todayIn('Pacific/Kiritimati').slice(0, 4)) + 1}-06-30`;
      const later = await injectJson(t, 'GET', `${path}?asOf=${next}`, s.as.admin);
      expectErrorAnswerLike(later, 400, { code: 'HTTP.VALIDATION', field: 'asOf' });
      expect((await injectJson(t, 'GET', path, {})).statusCode).toBe(401);
      for (const who of [s.as.alice, s.as.bob, s.as.nobody])
        expectErrorAnswerLike(await injectJson(t, 'GET', path, who), 403, {
          code: 'AUTH.FORBIDDEN',
        });
    }
  });
});
