import { sql } from 'drizzle-orm';
import { shareClassMessages, type ShareClassRow } from '../../../contract/share-classes';
import { formatAmount, parseAmount } from '../../../ledger';
import type { Db } from '../../db/database';
import { rows } from '../../db/sql';
import { AppError } from '../../http/app-error';
import type { CompanyCaller } from '../../http/caller';
import { shareClassesSql, toShareClassRow, type ShareClassSqlRow } from './list-share-classes';

/**
 * PUT /api/v1/share-classes/:id: the class's authorized shares, or no limit (null). The class
 * row is locked first, as a New Issue locks it, so no issue slips between the check and the
 * change; fewer than the shares outstanding is refused (409 SHARE_CLASS.BELOW_OUTSTANDING).
 */
export async function setAuthorizedShares(
  db: Db,
  caller: CompanyCaller,
  opts: { classId: string; authorized: string | null; requestId: string },
): Promise<ShareClassRow> {
  const authorized = opts.authorized === null ? null : parseAmount(opts.authorized);
  return db.transaction(async (tx) => {
    const org = caller.organizationId;
    const [current] = await rows<ShareClassSqlRow>(
      tx,
      sql`select id from share_class where id = ${opts.classId} and organization_id = ${org} for update`,
    );
    if (!current)
      throw new AppError({ code: 'SHARE_CLASS.NOT_FOUND', message: shareClassMessages.notFound });
    const [before] = await rows<ShareClassSqlRow>(tx, shareClassesSql(org, { id: opts.classId }));
    const row = toShareClassRow(before!);
    if (authorized !== null && authorized < parseAmount(row.outstanding))
      throw new AppError({
        code: 'SHARE_CLASS.BELOW_OUTSTANDING',
        message: shareClassMessages.belowOutstanding,
        field: 'authorized',
        details: { outstanding: row.outstanding },
      });
    const value = authorized === null ? null : formatAmount(authorized);
    await tx.execute(
      sql`update share_class set authorized_shares = ${value} where id = ${opts.classId}`,
    );
    await tx.execute(
      sql`insert into audit_entry
            (organization_id, actor_user_id, actor_holder_id, action, entity_type, entity_id,
             request_id, before, after)
          values (${org}, ${caller.userId}, ${caller.holderId}, 'share_class.authorized_set',
                  'share_class', ${opts.classId}, ${opts.requestId},
                  ${JSON.stringify({ authorized: row.authorized })}::jsonb,
                  ${JSON.stringify({ authorized: value })}::jsonb)`,
    );
    return { ...row, ...toShareClassRow({ ...before!, authorized: value }) };
  });
}
