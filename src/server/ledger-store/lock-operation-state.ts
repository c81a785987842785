import { sql, type SQL } from 'drizzle-orm';
import { isClassType, type ClassType, type LedgerState, type OperationInput } from '../../ledger';
import type { LedgerTransaction } from '../db/ledger-transaction';
import { toHundredths } from './amounts';

export interface LockedCertificate {
  id: string;
  holder_id: string;
  class_type: ClassType;
  balance: string;
  effective_date: string;
  cost: string;
  number: number;
  prefix: string;
}

export interface LockedHolder {
  id: string;
  name: string;
  active: boolean;
  common_shares: string;
  preferred_shares: string;
  held_cost: string;
}

/** The rows an operation stands on, locked until its transaction ends, and what the ledger sees of them. */
export interface LockedState {
  origins: LockedCertificate[];
  holders: LockedHolder[];
  state: LedgerState;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uniqueUuids = (ids: Iterable<string | null | undefined>): string[] =>
  [...new Set([...ids].filter((id): id is string => typeof id === 'string' && UUID.test(id)))]
    .map((id) => id.toLowerCase())
    .sort();

/** `for update` (of `table`), or nothing for a read that decides nothing (a preview). */
const forUpdate = (lock: boolean, table?: SQL): SQL =>
  lock ? sql`for update${table ? sql` of ${table}` : sql``}` : sql``;

const lockOrigins = (organizationId: string, originIds: string[], lock: boolean): SQL =>
  sql`select c.id, c.holder_id, cls.class_type, c.balance::text as balance,
             c.effective_date::text as effective_date, c.cost::text as cost, c.number, cls.prefix
        from certificate c join share_class cls on cls.id = c.class_id
       where c.id in ${originIds} and c.organization_id = ${organizationId}
       order by c.id
         ${forUpdate(lock, sql`c`)}`;

/** The parties named and the holders of the origins. */
const lockHolders = (
  organizationId: string,
  holderIds: string[],
  originIds: string[],
  lock: boolean,
): SQL => {
  const sources = [
    ...(holderIds.length > 0 ? [sql`select id from shareholder where id in ${holderIds}`] : []),
    ...(originIds.length > 0
      ? [
          sql`select holder_id from certificate
               where id in ${originIds} and organization_id = ${organizationId}`,
        ]
      : []),
  ];
  return sql`select id, name, active, common_shares::text as common_shares,
                    preferred_shares::text as preferred_shares, held_cost::text as held_cost
               from shareholder
              where organization_id = ${organizationId}
                and id in (${sql.join(sources, sql` union `)})
              order by id
                ${forUpdate(lock)}`;
};

/** The class a New Issue or a conversion adds shares to; none for the other operations. */
function growingClass(input: OperationInput): ClassType | null {
  if (input.type === 'Convert to Preferred') return 'preferred';
  if (input.type !== 'New Issue') return null;
  const classType = input.classType ?? 'common';
  return isClassType(classType) ? classType : null;
}

/** The class's row, locked: one New Issue of a class at a time reads its outstanding shares. */
const lockClass = (organizationId: string, classType: ClassType, lock: boolean): SQL =>
  sql`select class_type, authorized_shares::text as authorized
        from share_class
       where organization_id = ${organizationId} and class_type = ${classType}
         ${forUpdate(lock)}`;

/**
 * The class's shares held now, summed only when it has a limit. A statement of its own, sent
 * after the lock: its snapshot then holds every issue committed before the lock was granted.
 */
const outstandingOf = (organizationId: string, classType: ClassType): SQL =>
  sql`select coalesce(sum(${classType === 'preferred' ? sql`preferred_shares` : sql`common_shares`}), 0)::text
             as outstanding
        from shareholder
       where organization_id = ${organizationId}
         and exists (select from share_class
                      where organization_id = ${organizationId} and class_type = ${classType}
                        and authorized_shares is not null)`;

/**
 * Locks the origin certificates, then their holders and the parties named, each set in
 * ascending id order, certificates before holders (checklist LED-06/07), then the class a New
 * Issue or a conversion adds to, in one round trip on PostgreSQL. Ids that are not UUIDs cannot
 * name a row and are left to the ledger to refuse. With `lock: false` (a preview, which writes
 * nothing) the same rows are read without locking them, so a review never queues a posting.
 */
export async function lockOperationState(
  lt: LedgerTransaction,
  organizationId: string,
  input: OperationInput,
  { lock = true }: { lock?: boolean } = {},
): Promise<LockedState> {
  const originIds = uniqueUuids(input.originCertificateIds ?? []);
  const holderIds = uniqueUuids([
    input.holderId,
    input.type === 'Transfer' ? input.toHolderId : null,
  ]);
  const classType = growingClass(input);
  const statements: SQL[] = [];
  if (originIds.length > 0) statements.push(lockOrigins(organizationId, originIds, lock));
  if (originIds.length > 0 || holderIds.length > 0)
    statements.push(lockHolders(organizationId, holderIds, originIds, lock));
  if (classType)
    statements.push(
      lockClass(organizationId, classType, lock),
      outstandingOf(organizationId, classType),
    );
  // The company's setting (issue 25); read, not locked: a change races a posting as any setting.
  statements.push(sql`select whole_shares_only from organization where id = ${organizationId}`);
  const locked = await lt.send(statements);
  const [setting] = locked.pop() as { whole_shares_only: boolean }[];
  const wholeSharesOnly = setting?.whole_shares_only === true;
  const origins = (originIds.length > 0 ? locked.shift()! : []) as LockedCertificate[];
  const holders = (
    originIds.length > 0 || holderIds.length > 0 ? locked.shift()! : []
  ) as LockedHolder[];
  const state = { ...ledgerStateOf(origins, holders), wholeSharesOnly };
  if (!classType) return { origins, holders, state };
  const [limit] = locked[0] as { authorized: string | null }[];
  const [held] = locked[1] as { outstanding: string }[];
  const classes = new Map([
    [
      classType,
      {
        authorized: limit?.authorized == null ? null : toHundredths(limit.authorized),
        outstanding: toHundredths(held!.outstanding),
      },
    ],
  ]);
  return { origins, holders, state: { ...state, classes } };
}

/** What the ledger sees of the locked rows. */
export function ledgerStateOf(origins: LockedCertificate[], holders: LockedHolder[]): LedgerState {
  return {
    holders: new Map(holders.map((h) => [h.id, { id: h.id, active: h.active }])),
    certificates: new Map(
      origins.map((o) => [
        o.id,
        {
          id: o.id,
          holderId: o.holder_id,
          classType: o.class_type,
          balance: toHundredths(o.balance),
          effectiveDate: o.effective_date,
          cost: toHundredths(o.cost),
        },
      ]),
    ),
  };
}
