// The e-mail notices after each operation, turned on or off on the profile (issue 25): a holder
// changes their own, an administrator anyone's; the profile says which; a holder cannot change
// another's (the same 404 as a missing holder).
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { profileResponse } from '../../../contract/ledger';
import { rows } from '../../db/sql';
import { expectErrorAnswerLike } from '../../test-support/expect-error-answer';
import { injectJson } from '../../test-support/inject-json';
import { useLedgerApp } from '../../test-support/use-ledger-scenario';

const { t, s } = useLedgerApp();

const profileOf = async (id: string, headers: Record<string, string>) =>
  profileResponse.parse((await injectJson(t, 'GET', `/api/v1/shareholders/${id}`, headers)).json());

/** Save as the profile page sends it: the holder's fields as they are, with `changes`. */
async function save(id: string, headers: Record<string, string>, changes: object) {
  const p = await profileOf(id, s.as.admin);
  return injectJson(t, 'PUT', `/api/v1/shareholders/${id}`, headers, {
    ShareholderId: id,
    FullName: p.fullName || p.name,
    State: p.state,
    City: p.city,
    Address: p.address,
    ZipCode: p.zipCode,
    Phone: p.phoneNumber,
    CellPhone: p.cellphoneNumber,
    Notes: p.notes,
    ...changes,
  });
}

const noticesColumn = async (id: string) =>
  (
    await rows<{ notices: boolean }>(s.db, sql`select notices from shareholder where id = ${id}`)
  )[0]!.notices;

describe('notices on the profile', () => {
  it('are on by default, and the profile says so to the holder and to an administrator', async () => {
    expect((await profileOf(s.alice.id, s.as.alice)).notices).toBe(true);
    expect((await profileOf(s.bob.id, s.as.admin)).notices).toBe(true);
  });

  it('a holder turns their own off and on again, each change in the audit trail', async () => {
    const off = await save(s.alice.id, s.as.alice, { Notices: false });
    expect(off.statusCode, off.body).toBe(200);
    expect((await profileOf(s.alice.id, s.as.alice)).notices).toBe(false);
    expect(await noticesColumn(s.alice.id)).toBe(false);
    // A Save without the field keeps it (the CRM gateway's profile update sends none).
    expect((await save(s.alice.id, s.as.alice, { City: 'Boston' })).statusCode).toBe(200);
    expect(await noticesColumn(s.alice.id)).toBe(false);
    expect((await save(s.alice.id, s.as.alice, { Notices: true })).statusCode).toBe(200);
    expect(await noticesColumn(s.alice.id)).toBe(true);
    const audit = await rows<{ before: unknown; after: unknown }>(
      s.db,
      sql`select before, after from audit_entry
           where action = 'shareholder.profile_saved' and entity_id = ${s.alice.id} order by id`,
    );
    const json = (v: unknown) =>
      (typeof v === 'string' ? JSON.parse(v) : v) as { notices: boolean };
    expect(audit.map((a) => [json(a.before).notices, json(a.after).notices])).toEqual([
      [true, false],
      [false, false],
      [false, true],
    ]);
  });

  it("an administrator changes any holder's", async () => {
    expect((await save(s.bob.id, s.as.admin, { Notices: false })).statusCode).toBe(200);
    expect((await profileOf(s.bob.id, s.as.bob)).notices).toBe(false);
    expect((await save(s.bob.id, s.as.admin, { Notices: true })).statusCode).toBe(200);
    expect(await noticesColumn(s.bob.id)).toBe(true);
  });

  it("a holder cannot change another holder's: 404, as for a missing holder, nothing changed", async () => {
    const res = await save(s.bob.id, s.as.alice, { Notices: false, FullName: 'Bob' });
    expectErrorAnswerLike(res, 404, { code: 'SHAREHOLDER.NOT_FOUND' });
    expect(await noticesColumn(s.bob.id)).toBe(true);
    // Not signed in at all: 401.
    expect((await save(s.bob.id, {}, { Notices: false })).statusCode).toBe(401);
  });

  it('refuses anything but true or false, naming the field', async () => {
    for (const value of ['false', 0, null]) {
      const res = await save(s.alice.id, s.as.alice, { Notices: value });
      expect(res.statusCode, JSON.stringify(value)).toBe(400);
      expect(res.json()).toMatchObject({ field: 'Notices' });
    }
    expect(await noticesColumn(s.alice.id)).toBe(true);
  });
});
