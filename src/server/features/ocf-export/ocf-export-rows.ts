import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { rows } from '../../db/sql';
import type {
  OcfSource,
  OcfSourceCertificate,
  OcfSourceClass,
  OcfSourceCompany,
  OcfSourceHolder,
  OcfSourceLine,
  OcfSourceOperation,
} from '../../ocf/ocf-export-source';

// The rows an OCF export reads (decision 126): a few set-based statements for the whole company,
// none per row. share_transaction carries no organization: its holder's row does, so every line
// is reached through a holder of the caller's company (as the company ledger does).

const companySql = (org: string) =>
  sql`select id, legal_name as "legalName", address, city, state, zip_code as "zipCode", country,
             certificate_legend as "certificateLegend",
             (created_at at time zone time_zone)::date::text as "createdOn"
        from organization where id = ${org}`;

const linesSql = (org: string, asOf: string) =>
  sql`select t.id, t.transaction_order::text as "order", t.operation_id as "operationId",
             t.certificate_id as "certificateId", t.holder_id as "holderId", t.type,
             t.shares::text as shares, t.cost::text as cost, t.date::text as date, t.notes,
             t.reason
        from share_transaction t join shareholder h on h.id = t.holder_id
       where h.organization_id = ${org} and t.date <= ${asOf}
       order by t.date, t.transaction_order`;

const holdersSql = (org: string) =>
  sql`select id, name, full_name as "fullName", email, holder_type as "holderType", address,
             city, state, zip_code as "zipCode", country, phone_number as "phoneNumber",
             cellphone_number as "cellphoneNumber", active, is_admin as "isAdmin",
             read_only as "readOnly"
        from shareholder where organization_id = ${org}
       order by name collate "und-x-icu", id`;

const classesSql = (org: string) =>
  sql`select id, name, class_type as "classType", prefix,
             authorized_shares::text as "authorizedShares"
        from share_class where organization_id = ${org} order by class_type`;

const certificatesSql = (org: string, asOf: string) =>
  sql`select id, number, holder_id as "holderId", class_id as "classId",
             origin_certificate_id as "originCertificateId", cost::text as cost
        from certificate where organization_id = ${org} and effective_date <= ${asOf}`;

const operationsSql = (org: string) =>
  sql`select id, type, consideration::text as consideration,
             consideration_currency as "considerationCurrency",
             approval_date::text as "approvalDate", approval_reference as "approvalReference",
             reverses_operation_id as "reversesOperationId"
        from ledger_operation where organization_id = ${org}`;

const firstDateSql = (org: string) =>
  sql`select min(t.date)::text as first
        from share_transaction t join shareholder h on h.id = t.holder_id
       where h.organization_id = ${org}`;

/**
 * The company's rows as of `asOf`. The lines are read first: every row a line names (its
 * certificate, operation and holder) committed with it or before, so the statements that follow
 * find them all even while other postings commit.
 */
export async function loadOcfSource(db: Db, org: string, asOf: string): Promise<OcfSource> {
  const lines = await rows<OcfSourceLine>(db, linesSql(org, asOf));
  const [[company], holders, classes, certificates, operations, [first]] = await Promise.all([
    rows<OcfSourceCompany>(db, companySql(org)),
    rows<OcfSourceHolder>(db, holdersSql(org)),
    rows<OcfSourceClass>(db, classesSql(org)),
    rows<OcfSourceCertificate>(db, certificatesSql(org, asOf)),
    rows<OcfSourceOperation>(db, operationsSql(org)),
    rows<{ first: string | null }>(db, firstDateSql(org)),
  ]);
  if (company === undefined) throw new Error(`organization ${org} not found`);
  return {
    asOf,
    company,
    holders,
    classes,
    certificates,
    operations,
    lines,
    firstLedgerDate: first?.first ?? null,
  };
}
