import { sql } from 'drizzle-orm';
import { formatAmount, parseAmount, type ClassType, type OperationInput } from '../../ledger';
import type { LedgerTransaction } from '../db/ledger-transaction';
import { postOperation } from '../ledger-store/post-operation';
import { rows } from '../db/sql';

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

/** A small deterministic PRNG (mulberry32), so the demo is the same on every start. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

interface HeldCertificate {
  id: string;
  /** Creation order, the order certificates are numbered in. */
  order: number;
  holderId: string;
  classType: ClassType;
  /** Hundredths. */
  balance: bigint;
}

const addDays = (iso: string, days: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

export async function seedDemoLedger(
  lt: LedgerTransaction,
  organizationId: string,
): Promise<{ holders: number; transactions: number }> {
  const { tx } = lt;
  const created = await rows<{ id: string }>(
    tx,
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
  // The sign-in feature's demo logins, when present: both shareholders get holdings.
  const logins = await rows<{ id: string; email: string; is_admin: boolean }>(
    tx,
    sql`select id, email, is_admin from shareholder
         where organization_id = ${organizationId}
           and lower(email) in ('holder@acme.test', 'lukasz@acme.test', 'admin@acme.test')`,
  );
  const loginHolders = logins.filter((l) => !l.is_admin).map((l) => l.id);
  const holders = [...loginHolders, ...created.map((c) => c.id)];

  const rand = random(20220103);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const certificates = new Map<string, HeldCertificate>();
  let transactions = 0;

  const post = async (input: OperationInput) => {
    const posted = await postOperation(lt, {
      organizationId,
      input,
      actor: { userId: 'demo-seed', holderId: null },
      requestId: 'demo-seed',
    });
    for (const c of posted.certificates) {
      certificates.set(c.id, {
        id: c.id,
        order: certificates.size,
        holderId: c.holderId,
        classType: c.classType,
        balance: 0n,
      });
    }
    for (const t of posted.transactions) {
      certificates.get(t.certificateId)!.balance += parseSignedShares(t.shares);
    }
    transactions += posted.transactions.length;
  };
  const heldBy = (holderId: string, classType?: ClassType) =>
    [...certificates.values()]
      .filter(
        (c) =>
          c.holderId === holderId && c.balance > 0n && (!classType || c.classType === classType),
      )
      .sort((a, b) => a.order - b.order);
  const withShares = (classType?: ClassType) =>
    holders.filter((h) => heldBy(h, classType).length > 0);
  const portion = (available: bigint, min: number, max: number) => {
    const share = BigInt(Math.floor((min + rand() * (max - min)) * 100));
    const amount = (available * share) / 10_000n;
    const whole = (amount / 100n) * 100n;
    return whole > 0n ? whole : available;
  };

  // Founders and the demo logins: common at a nominal price, one preferred round.
  let date = '2022-01-03';
  for (const [i, holderId] of holders.slice(0, 8).entries()) {
    await post({
      type: 'New Issue',
      holderId,
      date,
      shares: String(40_000 - i * 3_000),
      cost: '0.01',
      notes: 'Founder shares',
    });
  }
  date = '2022-03-15';
  for (const holderId of holders.slice(8, 12)) {
    await post({
      type: 'New Issue',
      holderId,
      date,
      shares: '25000',
      cost: '1.25',
      classType: 'preferred',
      notes: 'Series A',
    });
  }

  for (let step = 0; step < 110; step++) {
    date = addDays(date, 10 + Math.floor(rand() * 3));
    const roll = rand();
    // The first steps make sure of a multi-origin transfer, a partial conversion and a cancellation.
    const kind =
      step === 0
        ? 'multi'
        : step === 1
          ? 'convert'
          : step === 2
            ? 'cancel'
            : roll < 0.25
              ? 'issue'
              : roll < 0.7
                ? 'transfer'
                : roll < 0.85
                  ? 'convert'
                  : 'cancel';
    const price = formatAmount(BigInt(125 + step * 4 + Math.floor(rand() * 50)));
    if (kind === 'issue') {
      await post({
        type: 'New Issue',
        holderId: pick(holders),
        date,
        shares: String(500 + Math.floor(rand() * 40) * 100),
        cost: price,
        classType: rand() < 0.2 ? 'preferred' : 'common',
        notes: rand() < 0.5 ? 'Employee grant' : '',
      });
    } else if (kind === 'transfer' || kind === 'multi') {
      const from =
        kind === 'multi'
          ? holders.find((h) => heldBy(h, 'common').length >= 1)!
          : pick(withShares());
      if (kind === 'multi' && heldBy(from).length < 2) {
        await post({ type: 'New Issue', holderId: from, date, shares: '1500', cost: price });
      }
      const origins = heldBy(from).slice(0, kind === 'multi' ? 2 : 1 + Math.floor(rand() * 2));
      const available = origins.reduce((sum, c) => sum + c.balance, 0n);
      const first = origins[0]!.balance;
      const shares =
        origins.length > 1 && available > first + 100n
          ? first + portion(available - first, 0.1, 0.9)
          : portion(available, 0.05, 0.6);
      await post({
        type: 'Transfer',
        holderId: from,
        toHolderId: pick(holders.filter((h) => h !== from)),
        date,
        shares: formatAmount(shares),
        cost: price,
        originCertificateIds: origins.map((c) => c.id),
        reason: 'Private sale',
      });
    } else if (kind === 'convert') {
      const candidates = withShares('common');
      const holderId = pick(candidates);
      const origins = heldBy(holderId, 'common').slice(0, 2);
      const shares = portion(origins[0]!.balance, 0.1, 0.5);
      await post({
        type: 'Convert to Preferred',
        holderId,
        date,
        shares: formatAmount(shares),
        originCertificateIds: origins.map((c) => c.id),
        notes: 'Partial conversion',
      });
    } else {
      const holderId = pick(withShares());
      const origins = heldBy(holderId).slice(0, 1);
      await post({
        type: 'Cancel',
        holderId,
        date,
        shares: formatAmount(portion(origins[0]!.balance, 0.05, 0.3)),
        cost: price,
        originCertificateIds: origins.map((c) => c.id),
        reason: 'Repurchased by the company',
      });
    }
  }
  // The demo logins always end with holdings in both classes, whatever the random walk did.
  for (const holderId of loginHolders) {
    for (const classType of ['common', 'preferred'] as const) {
      if (heldBy(holderId, classType).length === 0) {
        await post({
          type: 'New Issue',
          holderId,
          date,
          shares: classType === 'common' ? '2500' : '1000',
          cost: formatAmount(BigInt(300 + holders.indexOf(holderId))),
          classType,
          notes: 'Employee grant',
        });
      }
    }
  }
  return { holders: created.length, transactions };
}

const parseSignedShares = (text: string): bigint =>
  text.startsWith('-') ? -parseAmount(text.slice(1)) : parseAmount(text);
