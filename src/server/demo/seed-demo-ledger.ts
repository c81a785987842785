import { sql } from 'drizzle-orm';
import { formatAmount } from '../../ledger';
import type { LedgerTransaction } from '../db/ledger-transaction';
import { rows } from '../db/sql';
import { DemoWalk } from './demo-walk';

// The demo company's other holders and a ledger of several years, posted through the same
// posting code as the API (never raw inserts), so every figure and audit entry is real.

const PEOPLE: Array<[name: string, city: string, state: string, zip: string]> = [
  ['Margaret Chen', 'San Francisco', 'CA', '94105'],
  ['David Okafor', 'Austin', 'TX', '78701'],
  ['Sofia Rossi', 'Boston', 'MA', '02110'],
  ['James Whitfield', 'Chicago', 'IL', '60601'],
  ['Priya Natarajan', 'Seattle', 'WA', '98101'],
  ['Henrik Larsen', 'New York', 'NY', '10004'],
  ['Amelia Brooks', 'Denver', 'CO', '80202'],
  ['Carlos Mendoza', 'Miami', 'FL', '33131'],
  ['Yuki Tanaka', 'Portland', 'OR', '97204'],
  ['Olivia Bennett', 'Atlanta', 'GA', '30303'],
  ['Samuel Adeyemi', 'Houston', 'TX', '77002'],
  ['Hannah Schulz', 'Philadelphia', 'PA', '19103'],
  ['Ethan Walker', 'Phoenix', 'AZ', '85004'],
  ['Fatima Haddad', 'Detroit', 'MI', '48226'],
  ['Lucas Moreau', 'New Orleans', 'LA', '70112'],
  ['Grace Kim', 'Los Angeles', 'CA', '90012'],
  ['Noah Fischer', 'Minneapolis', 'MN', '55401'],
  ['Isabella Costa', 'Newark', 'NJ', '07102'],
  ['Benjamin Price', 'Nashville', 'TN', '37203'],
  ['Chloe Dubois', 'Baltimore', 'MD', '21202'],
  ['Northwind Ventures LP', 'Menlo Park', 'CA', '94025'],
  ['Harbor Lane Capital LLC', 'Greenwich', 'CT', '06830'],
  ['Elm Street Angels Fund I', 'Wilmington', 'DE', '19801'],
  ['Raj Patel', 'San Jose', 'CA', '95113'],
  ['Emily Novak', 'Cleveland', 'OH', '44113'],
];

const addDays = (iso: string, days: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

export async function seedDemoLedger(
  lt: LedgerTransaction,
  organizationId: string,
): Promise<{ holders: number; transactions: number }> {
  const { created, loginHolders } = await insertDemoHolders(lt, organizationId);
  const walk = new DemoWalk(lt, organizationId, [...loginHolders, ...created]);
  const date = await foundersAndSeriesA(walk);
  const last = await randomYears(walk, date);
  await topUpLogins(walk, loginHolders, last);
  return { holders: created.length, transactions: walk.transactions };
}

/** The demo's other holders, and the sign-in feature's demo logins (shareholders) when present. */
async function insertDemoHolders(lt: LedgerTransaction, organizationId: string) {
  const created = await rows<{ id: string }>(
    lt.tx,
    sql`insert into shareholder (organization_id, name, full_name, email, city, state, zip_code, address)
        values ${sql.join(
          PEOPLE.map(
            ([name, city, state, zip], i) =>
              sql`(${organizationId}, ${name}, ${name}, ${`holder${i + 1}@demo.acme.test`},
                   ${city}, ${state}, ${zip}, ${`${100 + i * 7} Market Street`})`,
          ),
          sql`, `,
        )}
        returning id`,
  );
  const logins = await rows<{ id: string; email: string; is_admin: boolean }>(
    lt.tx,
    sql`select id, email, is_admin from shareholder
         where organization_id = ${organizationId}
           and lower(email) in ('holder@acme.test', 'lukasz@acme.test', 'admin@acme.test')`,
  );
  return {
    created: created.map((c) => c.id),
    loginHolders: logins.filter((l) => !l.is_admin).map((l) => l.id),
  };
}

/** Founders and the demo logins: common at a nominal price, one preferred round. */
async function foundersAndSeriesA(walk: DemoWalk): Promise<string> {
  for (const [i, holderId] of walk.holders.slice(0, 8).entries()) {
    await walk.post({
      type: 'New Issue',
      holderId,
      date: '2022-01-03',
      shares: String(40_000 - i * 3_000),
      cost: '0.01',
      notes: 'Founder shares',
    });
  }
  const date = '2022-03-15';
  for (const holderId of walk.holders.slice(8, 12)) {
    await walk.post({
      type: 'New Issue',
      holderId,
      date,
      shares: '25000',
      cost: '1.25',
      classType: 'preferred',
      notes: 'Series A',
    });
  }
  return date;
}

const kindOf = (roll: number) =>
  roll < 0.25 ? 'issue' : roll < 0.7 ? 'transfer' : roll < 0.85 ? 'convert' : 'cancel';

/** 110 steps about ten days apart; returns the last date. */
async function randomYears(walk: DemoWalk, start: string): Promise<string> {
  let date = start;
  for (let step = 0; step < 110; step++) {
    date = addDays(date, 10 + Math.floor(walk.rand() * 3));
    const roll = walk.rand();
    // The first steps make sure of a multi-origin transfer, a partial conversion and a cancellation.
    const kind = (['multi', 'convert', 'cancel'] as const)[step] ?? kindOf(roll);
    const price = formatAmount(BigInt(125 + step * 4 + Math.floor(walk.rand() * 50)));
    if (kind === 'issue') await walk.issue(date, price);
    else if (kind === 'transfer' || kind === 'multi')
      await walk.transfer(date, price, kind === 'multi');
    else if (kind === 'convert') await walk.convert(date);
    else await walk.cancel(date, price);
  }
  return date;
}

/** The demo logins always end with holdings in both classes, whatever the random walk did. */
async function topUpLogins(walk: DemoWalk, loginHolders: string[], date: string): Promise<void> {
  for (const holderId of loginHolders) {
    for (const classType of ['common', 'preferred'] as const) {
      if (walk.heldBy(holderId, classType).length > 0) continue;
      await walk.post({
        type: 'New Issue',
        holderId,
        date,
        shares: classType === 'common' ? '2500' : '1000',
        cost: formatAmount(BigInt(300 + walk.holders.indexOf(holderId))),
        classType,
        notes: 'Employee grant',
      });
    }
  }
}
