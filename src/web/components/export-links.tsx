import {
  exportHref,
  exportPath,
  statementExportPath,
  type ExportFormat,
  type ExportReport,
} from '../../contract/constants/exports';
import { ocfPaths } from '../../contract/constants/ocf';

const FORMATS: { format: ExportFormat; label: string }[] = [
  { format: 'csv', label: 'CSV' },
  { format: 'xlsx', label: 'Excel' },
];

interface ExportLinksProps {
  /** A company-wide report, or a holder's statement (with `holderId`). */
  report: ExportReport | 'statement';
  holderId?: string;
  /** The date the page shows: the file is as of it. */
  asOf: string;
  /** What is exported, for the group's accessible name ("the cap table"). */
  what: string;
  /** Also the whole registry as an Open Cap Format package of the date (decision 126). */
  ocf?: boolean;
}

/**
 * Export CSV / Excel (issue 26, decision 125): plain download links to the exports, as of the
 * page's date (the session cookie goes with them; the server names the file).
 */
export function ExportLinks({ report, holderId, asOf, what, ocf }: ExportLinksProps) {
  return (
    <div className="btn-group no-print" role="group" aria-label={`Export ${what}`}>
      {FORMATS.map(({ format, label }) => {
        const path =
          report === 'statement' ? statementExportPath(format) : exportPath(report, format);
        return (
          <a
            key={format}
            className="btn btn-outline-primary text-nowrap px-2 px-sm-3"
            href={exportHref(path, { ...(holderId && { holderId }), asOf })}
            download
          >
            Export {label}
          </a>
        );
      })}
      {ocf && (
        <a
          className="btn btn-outline-primary text-nowrap px-2 px-sm-3"
          href={exportHref(ocfPaths.export, { asOf })}
          download
          title="The whole registry as an Open Cap Format package (.ocf.zip)"
        >
          Export OCF
        </a>
      )}
    </div>
  );
}
