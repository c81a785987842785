import { sql } from 'drizzle-orm';
import {
  LINEAGE_LIMITS,
  type CertificateLineage,
  type CertificateRecordResponse,
  type LineageNode,
  type RegisterRow,
} from '../../../contract/certificates';
import type { Db } from '../../db/database';
import { AppError } from '../../http/app-error';
import type { CompanyCaller } from '../../http/caller';
import { mayAccessHolder } from '../../ledger-store/visible-holder';
import { seesWholeCompany } from '../../plugins/access-control';
import { getCertificate } from './get-certificate';
import { ancestorsOf, descendantsOf, type LineageLink } from './lineage-queries';
import { selectRegister } from './register-queries';

const notFound = () =>
  new AppError({ code: 'CERTIFICATE.NOT_FOUND', message: 'Certificate not found.' });

/**
 * One certificate's register row, for a caller who may see it: an administrator any of the
 * company's, a holder their own; anything else is the same 404 as a missing one.
 */
export async function findCertificateRecord(
  db: Db,
  opts: { certificateId: string; principal: CompanyCaller },
): Promise<RegisterRow> {
  const { principal } = opts;
  const {
    rows: [record],
  } = await selectRegister(db, {
    organizationId: principal.organizationId,
    where: sql`c.id = ${opts.certificateId}`,
  });
  if (!record || !mayAccessHolder(principal, record.holderId)) throw notFound();
  return record;
}

/**
 * GET /api/v1/certificates/:id: the detail (history, destination shares) with its register row
 * and its lineage: the certificates it came from up to the root, and those made from it,
 * recursively (bounded by LINEAGE_LIMITS).
 */
export async function getCertificateRecord(
  db: Db,
  opts: { certificateId: string; principal: CompanyCaller },
): Promise<CertificateRecordResponse> {
  const org = opts.principal.organizationId;
  // Side by side: the detail and the register row each refuse a caller who may not see the
  // certificate, and the lineage's links are the company's own, so nothing leaks if one refuses.
  const [detail, record, up, down] = await Promise.all([
    getCertificate(db, opts),
    findCertificateRecord(db, opts),
    ancestorsOf(db, org, opts.certificateId),
    descendantsOf(db, org, opts.certificateId),
  ]);
  const lineage = await lineageOf(db, opts.principal, record, { up, down });
  return { ...detail, record, lineage };
}

async function lineageOf(
  db: Db,
  principal: CompanyCaller,
  self: RegisterRow,
  { up, down }: { up: LineageLink[]; down: LineageLink[] },
): Promise<CertificateLineage> {
  const org = principal.organizationId;
  const ancestors = up.filter((a) => a.depth <= LINEAGE_LIMITS.ancestors);
  const descendants = down
    .filter((d) => d.depth <= LINEAGE_LIMITS.descendantDepth)
    .slice(0, LINEAGE_LIMITS.descendants);
  const truncated =
    ancestors.length < up.length ||
    descendants.length < down.length ||
    // The furthest ancestor shown still has an origin of its own.
    (ancestors.length === LINEAGE_LIMITS.ancestors && ancestors.at(-1)?.parent_id != null);
  const ids = [...ancestors, ...descendants].map((l) => l.id);
  const { rows: found } =
    ids.length === 0
      ? { rows: [] }
      : await selectRegister(db, {
          organizationId: org,
          where: sql`c.id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        });
  const byId = new Map(found.map((r) => [r.id, r]));
  // Another holder's certificate is shown to a holder by its number and shares only: not whose
  // it is, nor what is left on it.
  const node = (row: RegisterRow, parentId: string | null): LineageNode => {
    const visible = seesWholeCompany(principal) || principal.holderId === row.holderId;
    return {
      id: row.id,
      certificate: row.certificate,
      holderName: visible ? row.holderName : null,
      classType: row.classType,
      issueDate: row.issueDate,
      originalShares: row.originalShares,
      balance: visible ? row.balance : null,
      status: visible ? row.status : null,
      parentId,
      visible,
    };
  };
  const nodes = (links: LineageLink[]) =>
    links.flatMap((l) => {
      const row = byId.get(l.id);
      return row ? [node(row, l.parent_id)] : [];
    });
  return {
    ancestors: nodes([...ancestors].reverse()),
    self: node(self, self.origin?.id ?? null),
    descendants: nodes(descendants).sort(byDepthThenNumber(descendants, byId)),
    truncated,
  };
}

/** Descendants by depth, then by certificate number. */
function byDepthThenNumber(links: LineageLink[], rows: Map<string, RegisterRow>) {
  const depth = new Map(links.map((l) => [l.id, l.depth]));
  return (a: LineageNode, b: LineageNode) =>
    (depth.get(a.id) ?? 0) - (depth.get(b.id) ?? 0) ||
    (rows.get(a.id)?.number ?? 0) - (rows.get(b.id)?.number ?? 0);
}
