// The exports' routes (issue 26, decision 125): file names, audit entries, who may export
// (administrators and read-only holders; a holder, no session, another company's holder are
// refused), the dates refused, text cells neutralised in both formats, and streaming: batches of
// any size give the same file, and a client that goes away stops the export without leaving a
// transaction or connection behind.
import { request as httpGet } from 'node:http';
import type { AddressInfo } from 'node:net';
import { text } from 'node:stream/consumers';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { exportReports } from '../../../contract/constants/exports';
import { todayIn } from '../../../ledger';
import { rows } from '../../db/sql';
import { EVE_NAME } from '../../test-support/cap-table-scenario';
import { expectErrorAnswerLike } from '../../test-support/expect-error-answer';
import { csvRecords, getExport, sheetRows, xlsxSheet } from '../../test-support/export-files';
import { FORMULA_NAMES, useExportsScenario } from '../../test-support/exports-scenario';
import { createHolder, signInAs } from '../../test-support/fixtures';
import { fileSlug } from '../../http/file-slug';
import { inertText } from './inert-text';
import { startExport } from './start-export';

const { t, s, extra, adminCaller } = useExportsScenario();

const urls = (holderId = s.alice.id) =>
  (['csv', 'xlsx'] as const).flatMap((format) => [
    ...exportReports.map((report) => `/api/v1/exports/${report}.${format}`),
    `/api/v1/exports/statement/${holderId}.${format}`,
  ]);

const readOnlyHeaders = async () => {
  const viewer = await createHolder(s.db, s.organization.id, {
    name: 'Rhea Auditor',
    email: `auditor-${s.organization.id.slice(0, 8)}@example.test`,
    readOnly: true,
  });
  return signInAs(t, viewer.email!);
};

describe('file names and the audit log', () => {
  it('names each file for the company, the report and the date', async () => {
    const company = fileSlug(s.organization.legalName, 'company');
    expect(company).toMatch(/^scenario-[a-z0-9]+-inc$/);
    for (const url of urls()) {
      const res = await getExport(t, `${url}?asOf=2024-12-31`, s.as.admin);
      expect(res.statusCode, url).toBe(200);
      const [, report, format] = /exports\/(.+)\.(csv|xlsx)$/.exec(url)!;
      const name = report!.startsWith('statement') ? 'statement-alice' : report;
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="${company}-${name}-2024-12-31.${format}"`,
      );
      expect(res.headers['cache-control']).toBe('private, no-store');
    }
    const today = await getExport(t, '/api/v1/exports/cap-table.xlsx', s.as.admin);
    expect(today.headers['content-disposition']).toContain(
      `-cap-table-${todayIn('America/New_York')}.xlsx"`,
    );
    expect(today.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
  });

  it('writes who exported what, as of when, in which format', async () => {
    const auditOf = async (requestId: string) =>
      rows<{
        action: string;
        actor_holder_id: string;
        entity_type: string;
        entity_id: string;
        after: unknown;
      }>(
        s.db,
        sql`select action, actor_holder_id, entity_type, entity_id, after from audit_entry
             where request_id = ${requestId}`,
      );
    const res = await getExport(
      t,
      '/api/v1/exports/company-ledger.xlsx?asOf=2024-06-30',
      s.as.admin,
    );
    const [entry] = await auditOf(String(res.headers['x-request-id']));
    expect(entry).toEqual({
      action: 'export.downloaded',
      actor_holder_id: s.admin.id,
      entity_type: 'report',
      entity_id: 'company-ledger',
      after: {
        report: 'company-ledger',
        format: 'xlsx',
        asOf: '2024-06-30',
        fileName: expect.stringMatching(/-company-ledger-2024-06-30\.xlsx$/) as string,
        apiKeyId: null,
      },
    });
    const statement = await getExport(t, `/api/v1/exports/statement/${s.bob.id}.csv`, s.as.admin);
    const [byHolder] = await auditOf(String(statement.headers['x-request-id']));
    expect(byHolder).toMatchObject({
      entity_type: 'shareholder',
      entity_id: s.bob.id,
      after: { report: 'statement', format: 'csv', holderId: s.bob.id },
    });
  });
});

describe('who may export', () => {
  it('administrators and read-only holders; a holder 403, no session 401', async () => {
    const readOnly = await readOnlyHeaders();
    for (const url of urls()) {
      expect((await getExport(t, url, readOnly)).statusCode, url).toBe(200);
      expect((await getExport(t, url, {})).statusCode, url).toBe(401);
      for (const who of [s.as.alice, s.as.nobody])
        expectErrorAnswerLike(await getExport(t, url, who), 403, { code: 'AUTH.FORBIDDEN' });
    }
  });

  it("another company's holder, or none, is not found; a bad id or date is refused naming it", async () => {
    for (const format of ['csv', 'xlsx']) {
      for (const id of [extra.outsider, '00000000-0000-4000-8000-000000000000'])
        expectErrorAnswerLike(
          await getExport(t, `/api/v1/exports/statement/${id}.${format}`, s.as.admin),
          404,
          { code: 'SHAREHOLDER.NOT_FOUND' },
        );
      expectErrorAnswerLike(
        await getExport(t, `/api/v1/exports/statement/nope.${format}`, s.as.admin),
        400,
        { field: 'holderId' },
      );
    }
    const next = `${Number(todayIn('Pacific/Kiritimati').slice(0, 4)) + 1}-06-30`;
    for (const url of urls())
      for (const bad of ['2023-02-29', 'today', next])
        expectErrorAnswerLike(await getExport(t, `${url}?asOf=${bad}`, s.as.admin), 400, {
          code: 'HTTP.VALIDATION',
          field: 'asOf',
        });
  });
});

describe('formula neutralisation (checklist INJ-07)', () => {
  it('one rule: a text beginning with = + - @ tab CR or NUL gets a quote, nothing else does', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r', '\0'])
      expect(inertText(`${start}1`)).toBe(`'${start}1`);
    for (const plain of ['', 'Alice', 'A=1', ' =1', "'=1", '1-2'])
      expect(inertText(plain)).toBe(plain);
  });

  it('every such holder is inert text in the CSV and in the workbook', async () => {
    const inert = [EVE_NAME, ...FORMULA_NAMES].map((name) => `'${name}`).sort();
    const csvBody = (await getExport(t, '/api/v1/exports/cap-table.csv', s.as.admin)).body;
    // A cell with a line break is quoted (RFC 4180), its formula start neutralised all the same.
    expect(csvBody).toContain(`\r\n"'\rCR",1.00,`);
    const fromCsv = csvRecords(csvBody);
    const sheet = await xlsxSheet(
      (await getExport(t, '/api/v1/exports/cap-table.xlsx', s.as.admin)).rawPayload,
    );
    // XML reads a carriage return back as a line feed (XML 1.0, end-of-line handling).
    const fromXlsx = sheetRows(sheet).map((r) => [String(r[0]).replace('\n', '\r')]);
    for (const names of [fromCsv.map((r) => r[0]), fromXlsx.map((r) => r[0])])
      expect(names.filter((n) => typeof n === 'string' && n.startsWith("'")).sort()).toEqual(inert);
    // Text, never a formula, in the workbook.
    sheet.eachRow((row) => expect(row.getCell(1).type).toBe(3 /* ValueType.String */));
  });
});

describe('streaming', () => {
  const exported = async (
    report: (typeof exportReports)[number] | 'statement',
    batchSize: number,
  ) => {
    const started = await startExport(
      s.db,
      adminCaller(),
      { report, format: 'csv', asOf: '2025-01-31', holderId: s.alice.id },
      { requestId: 'test', batchSize },
    );
    const [body] = await Promise.all([text(started.body), started.done]);
    return body;
  };

  it('batches of any size give the same file', async () => {
    for (const report of [...exportReports, 'statement'] as const)
      expect(await exported(report, 1), report).toBe(await exported(report, 1000));
  });

  it('a client gone mid-export stops it: no transaction or connection is left open', async () => {
    const started = await startExport(
      s.db,
      adminCaller(),
      { report: 'company-ledger', format: 'xlsx' },
      { requestId: 'test', batchSize: 1 },
    );
    await new Promise((resolve) => started.body.once('data', resolve));
    started.body.destroy();
    expect(await started.done).toBe('aborted');
    const [open] = await rows<{ n: number }>(
      s.db,
      sql`select count(*)::int as n from pg_stat_activity
           where datname = current_database() and state like 'idle in transaction%'`,
    );
    expect(open?.n).toBe(0);
    // The database answers at once (on PGlite its one connection is free).
    expect((await getExport(t, '/api/v1/exports/cap-table.csv', s.as.admin)).statusCode).toBe(200);
  });

  it('over HTTP, a download cut short leaves the server answering', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    await new Promise<void>((resolve, reject) => {
      const req = httpGet(
        {
          port,
          host: '127.0.0.1',
          path: '/api/v1/exports/company-ledger.xlsx',
          headers: s.as.admin,
        },
        (res) => {
          expect(res.statusCode).toBe(200);
          res.once('data', () => {
            req.destroy();
            resolve();
          });
        },
      );
      req.on('error', (err) => (req.destroyed ? resolve() : reject(err)));
      req.end();
    });
    const after = await getExport(t, '/api/v1/exports/company-ledger.csv', s.as.admin);
    expect(after.statusCode).toBe(200);
    expect(csvRecords(after.body).length).toBeGreaterThan(1);
  });
});
