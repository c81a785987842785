import { sql } from 'drizzle-orm';
import { LINEAGE_LIMITS } from '../../../contract/certificates';
import type { Db } from '../../db/database';
import { rows } from '../../db/sql';

export interface LineageLink {
  id: string;
  parent_id: string | null;
  depth: number;
}

/**
 * The certificates `certificateId` came from, nearest first (depth 1 is its origin), walking
 * origin_certificate_id up to LINEAGE_LIMITS.ancestors and one more (to tell a cut chain).
 */
export const ancestorsOf = (db: Db, organizationId: string, certificateId: string) =>
  rows<LineageLink>(
    db,
    sql`with recursive up(id, parent_id, depth) as (
          select c.id, c.origin_certificate_id, 0
            from certificate c
           where c.id = ${certificateId} and c.organization_id = ${organizationId}
          union all
          select p.id, p.origin_certificate_id, up.depth + 1
            from up
            join certificate p on p.id = up.parent_id and p.organization_id = ${organizationId}
           where up.depth <= ${LINEAGE_LIMITS.ancestors}
        )
        select id, parent_id, depth from up where depth > 0 order by depth`,
  );

/**
 * The certificates made from `certificateId` and from them (depth 1 are those made from it), down
 * to LINEAGE_LIMITS.descendantDepth and one level more, at most LINEAGE_LIMITS.descendants and one
 * more (to tell a cut tree). No ORDER BY: the recursion yields level by level and the LIMIT stops
 * it early, so a very wide tree is never walked whole.
 */
export const descendantsOf = (db: Db, organizationId: string, certificateId: string) =>
  rows<LineageLink>(
    db,
    sql`with recursive down(id, parent_id, depth) as (
          select c.id, c.origin_certificate_id, 1
            from certificate c
           where c.origin_certificate_id = ${certificateId} and c.organization_id = ${organizationId}
          union all
          select c.id, c.origin_certificate_id, down.depth + 1
            from down
            join certificate c
              on c.origin_certificate_id = down.id and c.organization_id = ${organizationId}
           where down.depth <= ${LINEAGE_LIMITS.descendantDepth}
        )
        select id, parent_id, depth from down
         limit ${LINEAGE_LIMITS.descendants + 1}`,
  );
