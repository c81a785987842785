import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { certificateDetailResponse, certificatesResponse } from '../../../contract/ledger';
import { injectJson } from '../../test-support/inject-json';
import { useLedgerApp } from '../../test-support/use-ledger-scenario';

const { t, s } = useLedgerApp();
beforeAll(async () => {
  await s.postFrom('cs1', 'Transfer', '100', '2024-03-01', { toHolderId: s.bob.id, cost: '2.00' });
  await s.postFrom('cs2', 'Transfer', '10', '2024-03-02', { toHolderId: s.carol.id, cost: '2.00' });
});

const get = (url: string, headers: Record<string, string>) => injectJson(t, 'GET', url, headers);

describe('GET /api/v1/certificates', () => {
  it('lists a holder’s certificates by number, or only those with shares left', async () => {
    const all = certificatesResponse.parse(
      (await get(`/api/v1/certificates?holderId=${s.alice.id}`, s.as.admin)).json(),
    );
    expect(all.rows.map((r) => [r.certificate, r.balance])).toEqual([
      ['CS-1', '0.00'],
      ['CS-2', '40.00'],
    ]);
    const held = certificatesResponse.parse(
      (
        await get(`/api/v1/certificates?holderId=${s.alice.id}&withBalance=true`, s.as.admin)
      ).json(),
    );
    expect(held.rows.map((r) => r.certificate)).toEqual(['CS-2']);
  });

  it('lets a shareholder list their own, and answers the same 404 for anyone else', async () => {
    expect((await get(`/api/v1/certificates?holderId=${s.bob.id}`, s.as.bob)).statusCode).toBe(200);
    const other = await get(`/api/v1/certificates?holderId=${s.alice.id}`, s.as.bob);
    const missing = await get(`/api/v1/certificates?holderId=${randomUUID()}`, s.as.bob);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual(missing.json());
  });

  it('answers 401 anonymous and 400 naming holderId', async () => {
    expect((await get(`/api/v1/certificates?holderId=${s.bob.id}`, {})).statusCode).toBe(401);
    const bad = await get('/api/v1/certificates', s.as.admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('holderId');
  });
});

describe('GET /api/v1/certificates/:id', () => {
  it('shows the destination shares and the history with a running balance', async () => {
    const res = await get(`/api/v1/certificates/${s.certificates.cs1}`, s.as.admin);
    expect(res.statusCode).toBe(200);
    const body = certificateDetailResponse.parse(res.json());
    expect(body.certificate).toMatchObject({
      certificate: 'CS-1',
      balance: '0.00',
      holderName: 'Alice',
    });
    expect(body.destinationShares).toEqual([
      expect.objectContaining({
        certificate: 'CS-4',
        shares: '100.00',
        origin: 'CS-1',
        shareholderName: 'Bob',
        date: '2024-03-01',
      }),
    ]);
    expect(body.history.map((h) => [h.typeLabel, h.shares, h.balance])).toEqual([
      ['New Issue', '100.00', '100.00'],
      ['Transfer Out', '-100.00', '0.00'],
    ]);
    const received = (
      await get(`/api/v1/certificates/${body.destinationShares[0]!.id}`, s.as.bob)
    ).json();
    expect(received.certificate.origin).toBe('CS-1');
  });

  it("answers the same 404 for another holder's certificate and a missing one", async () => {
    const other = await get(`/api/v1/certificates/${s.certificates.cs3}`, s.as.alice);
    const missing = await get(`/api/v1/certificates/${randomUUID()}`, s.as.alice);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual(missing.json());
    expect((await get(`/api/v1/certificates/${s.certificates.cs3}`, {})).statusCode).toBe(401);
    expect((await get('/api/v1/certificates/nope', s.as.admin)).json().field).toBe('id');
  });
});
