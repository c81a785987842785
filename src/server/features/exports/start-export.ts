import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { ExportFormat, ExportReport } from '../../../contract/constants/exports';
import { todayIn } from '../../../ledger';
import type { Db } from '../../db/database';
import { rows } from '../../db/sql';
import type { CompanyCaller } from '../../http/caller';
import { asOfDate } from '../../ledger-store/as-of-date';
import { findVisibleHolder } from '../../ledger-store/visible-holder';
import { auditExport } from './audit-export';
import { capTableExport } from './cap-table-export';
import { certificateRegisterExport } from './certificate-register-export';
import { companyLedgerExport } from './company-ledger-export';
import type { ExportContext } from './export-context';
import { exportFileName } from './export-file-name';
import { EXPORT_BATCH, type ExportTable } from './export-table';
import { pumpExport } from './pump-export';
import { statementExport } from './statement-export';
import { stockholderListExport } from './stockholder-list-export';

export interface ExportAsked {
  report: ExportReport | 'statement';
  format: ExportFormat;
  asOf?: string | undefined;
  /** The statement's holder. */
  holderId?: string;
}

export interface StartedExport {
  fileName: string;
  contentType: string;
  /** The file, written as the client reads it. */
  body: PassThrough;
  /** Settled when the file is written or the client went away; rejected on a failure. */
  done: Promise<'written' | 'aborted'>;
}

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

const REPORTS: Record<ExportReport, (c: ExportContext) => ExportTable | Promise<ExportTable>> = {
  'cap-table': capTableExport,
  'company-ledger': companyLedgerExport,
  'stockholder-list': stockholderListExport,
  'certificate-register': certificateRegisterExport,
};

/**
 * GET /api/v1/exports/...: an export of a report as of a date (issue 26, decision 125). What
 * can be refused is refused before the first byte (a later date 400 naming asOf, another
 * company's holder 404); then the export is audited and its rows start flowing into `body`,
 * batch by batch, as fast as the client reads them.
 */
export async function startExport(
  db: Db,
  caller: CompanyCaller,
  asked: ExportAsked,
  opts: { requestId: string; batchSize?: number },
): Promise<StartedExport> {
  const asOf = asOfDate(asked.asOf, caller.timeZone);
  const context: ExportContext = {
    db,
    organizationId: caller.organizationId,
    asOf,
    current: asOf >= todayIn(caller.timeZone),
    batchSize: opts.batchSize ?? EXPORT_BATCH,
  };
  const holder =
    asked.report === 'statement'
      ? await findVisibleHolder(db, caller, asked.holderId ?? '')
      : undefined;
  const [company] = await rows<{ legal_name: string }>(
    db,
    sql`select legal_name from organization where id = ${caller.organizationId}`,
  );
  const table =
    holder === undefined
      ? await REPORTS[asked.report as ExportReport](context)
      : statementExport(context, holder.id);
  const fileName = exportFileName({
    company: company?.legal_name ?? '',
    report: asked.report,
    ...(holder && { holder: holder.full_name || holder.name }),
    asOf,
    format: asked.format,
  });
  await auditExport(db, caller, opts.requestId, {
    report: asked.report,
    format: asked.format,
    asOf,
    fileName,
    ...(holder && { holderId: holder.id }),
  });
  const body = new PassThrough();
  const done = pumpExport(table, asked.format, body).catch((err: unknown) => {
    // Past the headers a failure can only cut the file short: the client sees it incomplete.
    body.destroy(err instanceof Error ? err : new Error(String(err)));
    throw err;
  });
  return { fileName, contentType: CONTENT_TYPES[asked.format], body, done };
}
