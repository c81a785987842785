import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectJson } from '../../test-support/inject-json';
import { ledgerScenario } from '../../test-support/ledger-scenario';
import { useLedgerApp } from '../../test-support/use-ledger-scenario';

const dir = mkdtempSync(join(tmpdir(), 'certificate-pdf-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The PDF's text as pdftotext (poppler) reads it, spaces and line breaks made single spaces. */
function pdfText(pdf: Buffer): string {
  const file = join(dir, `${randomUUID()}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

const LEGEND =
  'THE SHARES REPRESENTED BY THIS CERTIFICATE HAVE NOT BEEN REGISTERED UNDER THE SECURITIES ' +
  'ACT OF 1933 and may not be sold without registration or an exemption.';

// Scenario: CS-1 (Alice 100), CS-2 (Alice 50), CS-3 (Bob 10); then CS-1 → 60 to Bob (CS-4),
// CS-2 cancelled whole, CS-4 → 60 to Carol (CS-5), a New Issue of 1250.50 to Carol (CS-6).
const { t, s } = useLedgerApp();
const ids: Record<string, string> = {};
let other: Awaited<ReturnType<typeof ledgerScenario>>;
beforeAll(async () => {
  const cs4 = await s.postFrom('cs1', 'Transfer', '60', '2024-01-10', { toHolderId: s.bob.id });
  ids.cs4 = cs4.certificates[0]!.id;
  await s.postFrom('cs2', 'Cancel', '50', '2024-04-10', { reason: 'Repurchased' });
  await s.post({
    type: 'Transfer',
    holderId: s.bob.id,
    date: '2024-02-10',
    shares: '60',
    originCertificateIds: [ids.cs4],
    toHolderId: s.carol.id,
  });
  const cs6 = await s.post({
    type: 'New Issue',
    holderId: s.carol.id,
    date: '2025-07-04',
    shares: '1250.50',
    cost: '1.00',
  });
  ids.cs6 = cs6.certificates[0]!.id;
  await s.db.execute(
    sql`update organization set certificate_legend = ${LEGEND} where id = ${s.organization.id}`,
  );
  other = await ledgerScenario(t);
});

const pdfOf = async (id: string, as: Record<string, string>) => {
  const res = await injectJson(t, 'GET', `/api/v1/certificates/${id}.pdf`, as);
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  return { text: pdfText(res.rawPayload), disposition: String(res.headers['content-disposition']) };
};

describe('GET /api/v1/certificates/:id.pdf', () => {
  it('prints the certificate in the traditional form, shares in words and figures', async () => {
    const { text, disposition } = await pdfOf(ids.cs6!, s.as.admin);
    expect(disposition).toBe('attachment; filename="certificate-CS-6.pdf"');
    for (const part of [
      s.organization.legalName,
      'CERTIFICATE NO. CS-6',
      'SHARES 1,250.50',
      'COMMON STOCK',
      'THIS CERTIFIES THAT Carol is the registered holder of',
      'One thousand two hundred fifty and 50/100 (1,250.50) shares',
      'of the Common Stock of',
      'Issued Jul 4, 2025',
      LEGEND,
      'President',
      'Secretary',
    ])
      expect(text).toContain(part);
    expect(text).not.toMatch(/CANCELLED|TRANSFERRED/);
  });

  it('marks a cancelled, a transferred and a partly transferred certificate across it', async () => {
    const cancelled = await pdfOf(s.certificates.cs2, s.as.admin);
    expect(cancelled.text).toContain('CANCELLED');
    expect(cancelled.text).toContain('Fifty (50) shares');
    const transferred = await pdfOf(ids.cs4!, s.as.bob);
    expect(transferred.text).toContain('TRANSFERRED');
    expect(transferred.text).not.toContain('PARTLY');
    expect(transferred.text).toContain('Sixty (60) shares');
    const partly = await pdfOf(s.certificates.cs1, s.as.alice);
    expect(partly.text).toContain('PARTLY TRANSFERRED');
    expect(partly.text).toContain('40 of these shares remain on this certificate.');
    expect(partly.text).toContain('One hundred (100) shares');
  });

  it('refuses as the detail does: 404 for others, 400 naming id, 401 without a session', async () => {
    const missing = await injectJson(
      t,
      'GET',
      `/api/v1/certificates/${randomUUID()}.pdf`,
      s.as.bob,
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('CERTIFICATE.NOT_FOUND');
    for (const [id, as] of [
      [s.certificates.cs1, s.as.bob],
      [other.certificates.cs1, s.as.admin],
    ] as const) {
      const res = await injectJson(t, 'GET', `/api/v1/certificates/${id}.pdf`, as);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(missing.json());
    }
    const bad = await injectJson(t, 'GET', '/api/v1/certificates/nope.pdf', s.as.admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('id');
    const anonymous = await injectJson(t, 'GET', `/api/v1/certificates/${ids.cs6}.pdf`, {});
    expect(anonymous.statusCode).toBe(401);
  });
});
