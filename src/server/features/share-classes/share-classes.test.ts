// Authorized shares per class (issue 25): GET and PUT /api/v1/share-classes, and the ledger's
// refusal of a New Issue or a conversion past the limit, also under concurrent issues.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  shareClassMessages,
  shareClassRow,
  shareClassesResponse,
} from '../../../contract/share-classes';
import { expectErrorAnswerLike } from '../../test-support/expect-error-answer';
import { createHolder, createOrganization, signInAs } from '../../test-support/fixtures';
import { injectJson } from '../../test-support/inject-json';
import { useLedgerApp } from '../../test-support/use-ledger-scenario';
import { percentOfAuthorized } from './list-share-classes';

const { t, s } = useLedgerApp();
const classes = async (headers = s.as.admin) =>
  shareClassesResponse.parse((await injectJson(t, 'GET', '/api/v1/share-classes', headers)).json())
    .classes;
const classOf = async (type: 'common' | 'preferred') =>
  (await classes()).find((c) => c.classType === type)!;
const setAuthorized = (id: string, authorized: unknown, headers = s.as.admin) =>
  injectJson(t, 'PUT', `/api/v1/share-classes/${id}`, headers, { authorized });
const issue = (shares: string, classType = 'common', holderId = s.carol.id) =>
  injectJson(
    t,
    'POST',
    '/api/v1/transactions',
    { ...s.as.admin, 'idempotency-key': randomUUID() },
    {
      ShareholderId: holderId,
      ShareDate: '2024-02-01',
      Shares: shares,
      Cost: '1',
      Type: 'New Issue',
      ClassType: classType,
    },
  );

describe('GET /api/v1/share-classes', () => {
  it('lists both classes with the shares outstanding and no limit yet', async () => {
    expect(await classes()).toEqual([
      expect.objectContaining({
        classType: 'common',
        authorized: null,
        issued: '160.00',
        outstanding: '160.00',
        percentOfAuthorized: null,
      }),
      expect.objectContaining({ classType: 'preferred', authorized: null, outstanding: '0.00' }),
    ]);
    expect((await injectJson(t, 'GET', '/api/v1/share-classes', s.as.alice)).statusCode).toBe(403);
  });

  it('writes the percent of authorized with 4 decimals; none without a limit', () => {
    expect(percentOfAuthorized(16000n, 20000n)).toBe('80.0000');
    expect(percentOfAuthorized(5n, null)).toBeNull();
  });
});

describe('authorized shares', () => {
  it('sets a limit; a New Issue past it is refused with the figures and writes nothing; up to it passes', async () => {
    const common = await classOf('common');
    const set = await setAuthorized(common.id, '200');
    expect(set.statusCode, set.body).toBe(200);
    expect(shareClassRow.parse(set.json())).toMatchObject({
      authorized: '200.00',
      outstanding: '160.00',
      percentOfAuthorized: '80.0000',
    });
    const refused = await issue('40.01');
    expectErrorAnswerLike(refused, 409, {
      code: 'LEDGER.EXCEEDS_AUTHORIZED',
      field: 'Shares',
      details: {
        classType: 'common',
        authorized: '200.00',
        outstanding: '160.00',
        available: '40.00',
      },
    });
    expect((await classOf('common')).outstanding).toBe('160.00');
    expect((await issue('40')).statusCode).toBe(201);
    expect(await classOf('common')).toMatchObject({
      outstanding: '200.00',
      percentOfAuthorized: '100.0000',
    });
    // Preferred has no limit: any New Issue passes.
    expect((await issue('1000', 'preferred')).statusCode).toBe(201);
  });

  it('refuses a conversion into preferred past the preferred limit', async () => {
    const preferred = await classOf('preferred');
    const limit = (Number.parseInt(preferred.outstanding, 10) + 5).toString();
    expect((await setAuthorized(preferred.id, limit)).statusCode).toBe(200);
    await expect(
      s.postFrom('cs1', 'Convert to Preferred', '6', '2024-06-01'),
    ).rejects.toMatchObject({ code: 'LEDGER.EXCEEDS_AUTHORIZED' });
    await s.postFrom('cs1', 'Convert to Preferred', '5', '2024-06-01');
    expect((await classOf('preferred')).percentOfAuthorized).toBe('100.0000');
  });

  it('refuses a limit below the shares outstanding, bad amounts, other companies and shareholders', async () => {
    const common = await classOf('common');
    expectErrorAnswerLike(await setAuthorized(common.id, '1'), 409, {
      code: 'SHARE_CLASS.BELOW_OUTSTANDING',
      message: shareClassMessages.belowOutstanding,
      field: 'authorized',
    });
    for (const bad of ['-5', '1.005', 'lots', 1e20, true])
      expectErrorAnswerLike(await setAuthorized(common.id, bad), 400, { field: 'authorized' });
    const other = await createOrganization(s.db, 'Other Classes, Inc.');
    const otherAdmin = await createHolder(s.db, other.organization.id, {
      name: 'Oz',
      email: 'oz@classes.example',
      isAdmin: true,
    });
    const foreign = await setAuthorized(common.id, '999999', await signInAs(t, otherAdmin.email!));
    expectErrorAnswerLike(foreign, 404, { code: 'SHARE_CLASS.NOT_FOUND' });
    expect((await setAuthorized(common.id, '999999', s.as.alice)).statusCode).toBe(403);
    expect((await classOf('common')).authorized).not.toBe('999999.00');
  });

  it('null removes the limit', async () => {
    const common = await classOf('common');
    expect((await setAuthorized(common.id, null)).json()).toMatchObject({
      authorized: null,
      percentOfAuthorized: null,
    });
  });

  it('lets concurrent New Issues to different holders fill the limit exactly, never past it', async () => {
    const common = await classOf('common');
    const outstanding = Number.parseInt(common.outstanding, 10);
    await setAuthorized(common.id, String(outstanding + 50));
    // Different holders, so only the class's lock keeps the issues from reading the same total.
    const holders = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        createHolder(s.db, s.organization.id, { name: `H${i}` }),
      ),
    );
    const answers = await Promise.all(holders.map((h) => issue('10', 'common', h.id)));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(codes.filter((c) => c === 409)).toHaveLength(7);
    expect(await classOf('common')).toMatchObject({ percentOfAuthorized: '100.0000' });
  });
});
