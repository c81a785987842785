import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  certificateRecordResponse,
  certificateRegisterResponse,
  type CertificateRegisterResponse,
  type LineageNode,
} from '../../../contract/certificates';
import { injectJson } from '../../test-support/inject-json';
import { ledgerScenario } from '../../test-support/ledger-scenario';
import { useLedgerApp } from '../../test-support/use-ledger-scenario';

// The scenario's CS-1 (Alice 100), CS-2 (Alice 50), CS-3 (Bob 10), then: CS-1 → 60 to Bob (CS-4),
// CS-4 → 60 to Carol (CS-5), CS-1 → 20 converted (PS-6), CS-2 cancelled whole.
const { t, s } = useLedgerApp();
let other: Awaited<ReturnType<typeof ledgerScenario>>;
const ids: Record<string, string> = {};
beforeAll(async () => {
  const cs4 = await s.postFrom('cs1', 'Transfer', '60', '2024-01-10', { toHolderId: s.bob.id });
  ids.cs4 = cs4.certificates[0]!.id;
  const cs5 = await s.post({
    type: 'Transfer',
    holderId: s.bob.id,
    date: '2024-02-10',
    shares: '60',
    originCertificateIds: [ids.cs4],
    toHolderId: s.carol.id,
  });
  ids.cs5 = cs5.certificates[0]!.id;
  const ps6 = await s.postFrom('cs1', 'Convert to Preferred', '20', '2024-03-10');
  ids.ps6 = ps6.certificates[0]!.id;
  await s.postFrom('cs2', 'Cancel', '50', '2024-04-10', { reason: 'Repurchased' });
  other = await ledgerScenario(t);
});

const get = (url: string, headers: Record<string, string>) => injectJson(t, 'GET', url, headers);
const register = async (query: string): Promise<CertificateRegisterResponse> => {
  const res = await get(`/api/v1/certificate-register${query}`, s.as.admin);
  expect(res.statusCode, res.body).toBe(200);
  return certificateRegisterResponse.parse(res.json());
};
const labels = (r: CertificateRegisterResponse) => r.rows.map((row) => row.certificate);

describe('GET /api/v1/certificate-register', () => {
  it('lists every certificate of the company with its shares and status', async () => {
    const all = await register('');
    expect(all).toMatchObject({ page: 1, pageSize: 50, total: 6 });
    expect(
      all.rows.map((r) => [r.certificate, r.holderName, r.originalShares, r.balance, r.status]),
    ).toEqual([
      ['CS-1', 'Alice', '100.00', '20.00', 'partly-transferred'],
      ['CS-2', 'Alice', '50.00', '0.00', 'cancelled'],
      ['CS-3', 'Bob', '10.00', '10.00', 'outstanding'],
      ['CS-4', 'Bob', '60.00', '0.00', 'fully-transferred'],
      ['CS-5', 'Carol', '60.00', '60.00', 'outstanding'],
      ['PS-6', 'Alice', '20.00', '20.00', 'outstanding'],
    ]);
    expect(all.rows[0]).toMatchObject({
      classType: 'common',
      issueDate: '2023-01-02',
      origin: null,
      transferredShares: '60.00',
      convertedShares: '20.00',
      cancelledShares: '0.00',
    });
    expect(all.rows[4]).toMatchObject({
      issueDate: '2024-02-10',
      origin: { id: ids.cs4, certificate: 'CS-4' },
    });
    expect(all.rows[5]).toMatchObject({ classType: 'preferred', origin: { certificate: 'CS-1' } });
  });

  it('filters by holder, class and status, together', async () => {
    expect(labels(await register(`?holderId=${s.bob.id}`))).toEqual(['CS-3', 'CS-4']);
    expect(labels(await register('?class=preferred'))).toEqual(['PS-6']);
    expect(labels(await register('?status=cancelled'))).toEqual(['CS-2']);
    expect(labels(await register('?status=partly-transferred'))).toEqual(['CS-1']);
    expect(labels(await register('?status=fully-transferred'))).toEqual(['CS-4']);
    expect(labels(await register('?status=outstanding&class=common'))).toEqual(['CS-3', 'CS-5']);
    const none = await register(`?holderId=${s.carol.id}&status=cancelled`);
    expect(none).toMatchObject({ total: 0, rows: [] });
    // Another company's holder: nothing of theirs, nothing of ours.
    expect((await register(`?holderId=${other.alice.id}`)).total).toBe(0);
  });

  it('sorts and pages on the server; a page past the last answers the last', async () => {
    // Ties go by number, the same way.
    expect(labels(await register('?sort=balance&dir=desc'))).toEqual([
      'CS-5',
      'PS-6',
      'CS-1',
      'CS-3',
      'CS-4',
      'CS-2',
    ]);
    expect(labels(await register('?sort=holder&dir=desc'))).toEqual([
      'CS-5',
      'CS-4',
      'CS-3',
      'PS-6',
      'CS-2',
      'CS-1',
    ]);
    expect(labels(await register('?sort=issueDate&dir=desc&pageSize=2'))).toEqual(['PS-6', 'CS-5']);
    // As numbers, not as text ("100.00" after "60.00").
    const second = await register('?sort=originalShares&pageSize=4&page=2');
    expect(second).toMatchObject({ page: 2, pageSize: 4, total: 6 });
    expect(labels(second)).toEqual(['CS-5', 'CS-1']);
    const past = await register('?pageSize=4&page=9');
    expect(past).toMatchObject({ page: 2, total: 6 });
    expect(labels(past)).toEqual(['CS-5', 'PS-6']);
  });

  it('answers 400 naming the field of a bad filter', async () => {
    for (const [query, field] of [
      ['status=lost', 'status'],
      ['class=ordinary', 'class'],
      ['holderId=nope', 'holderId'],
      ['sort=shares', 'sort'],
      ['dir=up', 'dir'],
      ['page=0', 'page'],
      ['pageSize=201', 'pageSize'],
    ]) {
      const res = await get(`/api/v1/certificate-register?${query}`, s.as.admin);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().field, query).toBe(field);
    }
  });

  it('is for company-wide readers: 401 without a session, 403 for a shareholder', async () => {
    expect((await get('/api/v1/certificate-register', {})).statusCode).toBe(401);
    expect((await get('/api/v1/certificate-register', s.as.alice)).statusCode).toBe(403);
    const created = await injectJson(t, 'POST', '/api/v1/api-keys', s.as.admin, {
      name: 'register reader',
      scopes: ['ledger:read'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const key = { 'x-api-key': created.json<{ key: string }>().key };
    const byKey = await get('/api/v1/certificate-register?status=cancelled', key);
    expect(byKey.statusCode, byKey.body).toBe(200);
    expect(labels(certificateRegisterResponse.parse(byKey.json()))).toEqual(['CS-2']);
  });
});

describe('GET /api/v1/certificates/:id: record and lineage', () => {
  const record = async (id: string, as: Record<string, string>) => {
    const res = await get(`/api/v1/certificates/${id}`, as);
    expect(res.statusCode, res.body).toBe(200);
    return certificateRecordResponse.parse(res.json());
  };

  it('carries the certificates it came from and those made from it, recursively', async () => {
    const root = await record(s.certificates.cs1, s.as.admin);
    expect(root.record).toMatchObject({ certificate: 'CS-1', status: 'partly-transferred' });
    expect(root.lineage.ancestors).toEqual([]);
    expect(root.lineage.self).toMatchObject({ id: s.certificates.cs1, parentId: null });
    expect(
      root.lineage.descendants.map((d) => [d.certificate, d.parentId, d.status, d.visible]),
    ).toEqual([
      ['CS-4', s.certificates.cs1, 'fully-transferred', true],
      ['PS-6', s.certificates.cs1, 'outstanding', true],
      ['CS-5', ids.cs4, 'outstanding', true],
    ]);
    expect(root.lineage.truncated).toBe(false);
    // The detail's own fields are still there (additive).
    expect(root.destinationShares.map((d) => d.certificate)).toEqual(['CS-4', 'PS-6']);
    expect(root.history.map((h) => h.typeLabel)).toEqual([
      'New Issue',
      'Transfer Out',
      'Converted to Preferred',
    ]);

    const leaf = await record(ids.cs5!, s.as.admin);
    expect(leaf.lineage.ancestors.map((a) => [a.certificate, a.parentId])).toEqual([
      ['CS-1', null],
      ['CS-4', s.certificates.cs1],
    ]);
    expect(leaf.lineage.descendants).toEqual([]);
  });

  it("shows a holder their own certificate's lineage, other holders' nodes not openable and not named", async () => {
    const own = await record(ids.cs4!, s.as.bob);
    const facts = (n: LineageNode) => [n.certificate, n.visible, n.holderName, n.balance, n.status];
    expect(own.lineage.ancestors.map(facts)).toEqual([['CS-1', false, null, null, null]]);
    expect(own.lineage.self).toMatchObject({ visible: true, holderName: 'Bob' });
    expect(own.lineage.self.balance).not.toBeNull();
    expect(own.lineage.descendants.map(facts)).toEqual([['CS-5', false, null, null, null]]);
    // An administrator sees every node whole.
    const whole = await record(ids.cs4!, s.as.admin);
    expect(whole.lineage.ancestors.map(facts)).toEqual([
      ['CS-1', true, 'Alice', expect.any(String), expect.any(String)],
    ]);
  });

  it("answers the same 404 for another holder's, another company's and a missing one", async () => {
    const missing = await get(`/api/v1/certificates/${randomUUID()}`, s.as.alice);
    expect(missing.statusCode).toBe(404);
    for (const [id, as] of [
      [ids.cs5!, s.as.alice],
      [other.certificates.cs1, s.as.admin],
    ] as const) {
      const res = await get(`/api/v1/certificates/${id}`, as);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(missing.json());
    }
  });
});
