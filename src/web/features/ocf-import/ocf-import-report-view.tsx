import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Table from 'react-bootstrap/Table';
import type { OcfImportReport, OcfReportItem } from '../../../contract/ocf-import';

/**
 * One table of the report, with its caption and its rows; nothing when it has none. Below 768 px
 * each row is a card with every value labelled (stacked-table, styles.css).
 */
function ReportTable(props: { caption: string; head: string[]; rows: ReactNode[][] }) {
  if (props.rows.length === 0) return null;
  return (
    <div className="table-responsive" tabIndex={0} role="region" aria-label={props.caption}>
      <Table size="sm" className="align-middle stacked-table">
        <caption>{props.caption}</caption>
        <thead>
          <tr>
            {props.head.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.rows.map((cells, i) => (
            <tr key={i}>
              {cells.map((c, j) => (
                <td
                  key={j}
                  data-label={props.head[j]}
                  className={j === 0 ? 'text-break' : undefined}
                >
                  {c}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}

/** "1 holder", "27 holders". */
const countOf = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

const itemRows = (items: OcfReportItem[]) =>
  items.map((i) => [<code key="id">{i.id}</code>, i.objectType, i.reason]);

function Outcome({ report }: { report: OcfImportReport }) {
  const { holders, operations } = report.toCreate;
  const counts = `${countOf(holders.length, 'holder')}, ${countOf(operations.length, 'operation')}`;
  if (report.committed)
    return (
      <Alert variant="success" role="status">
        Imported: {counts}. Receipt: package{' '}
        <code className="text-break">{report.packageHash}</code>, recorded in the audit trail.
      </Alert>
    );
  if (report.alreadyImported)
    return (
      <Alert variant="info" role="status">
        This package was imported before; nothing was written again.
      </Alert>
    );
  return (
    <Alert variant={report.registryEmpty ? 'info' : 'warning'} role="status">
      Dry run: nothing was written. Importing would create {counts}.
      {!report.registryEmpty &&
        ' This registry already has transactions: a package imports into an empty registry only.'}
    </Alert>
  );
}

/** The dry run's (or the commit's) report: what is created, what is not expressible, what is invalid. */
export function OcfImportReportView({ report }: { report: OcfImportReport }) {
  const { holders, classes, legend, operations } = report.toCreate;
  return (
    <section aria-label="Import report" className="mt-3">
      <Outcome report={report} />
      <h2 className="h5">To be created</h2>
      <ReportTable
        caption="Holders"
        head={['OCF id', 'Name', 'E-mail', 'Type']}
        rows={holders.map((h) => [
          <code key="id">{h.id}</code>,
          h.name,
          h.email ?? '—',
          h.holderType,
        ])}
      />
      <ReportTable
        caption="Share classes"
        head={['OCF id', 'Class', 'Name', 'Prefix', 'Authorized']}
        rows={classes.map((c) => [
          <code key="id">{c.id}</code>,
          c.classType,
          c.name,
          c.prefix,
          c.authorizedShares ?? '—',
        ])}
      />
      {legend && (
        <p className="small">
          Certificate legend (from {legend.ids.join(', ')}): {legend.text}
        </p>
      )}
      <ReportTable
        caption="Ledger operations, in posting order"
        head={['OCF id', 'Date', 'Operation', 'Holder', 'To', 'Shares', 'Certificate']}
        rows={operations.map((o) => [
          <code key="id">{o.id}</code>,
          o.date,
          o.type,
          o.holder,
          o.toHolder ?? '—',
          <span key="s" className="font-monospace">
            {o.shares}
          </span>,
          o.certificate ? `${o.certificate} (${o.security ?? ''})` : '—',
        ])}
      />
      <h2 className="h5">Not expressible in this registry ({report.notExpressible.length})</h2>
      <ReportTable
        caption="Reported, not imported"
        head={['OCF id', 'Object type', 'Why']}
        rows={itemRows(report.notExpressible)}
      />
      <h2 className="h5">Invalid ({report.invalid.length})</h2>
      <ReportTable
        caption="Failing the OCF schemas or the ledger's rules"
        head={['OCF id', 'Object type', 'Reason']}
        rows={itemRows(report.invalid)}
      />
      {report.warnings.length > 0 && (
        <>
          <h2 className="h5">Warnings ({report.warnings.length})</h2>
          <ReportTable
            caption="Imported, with a remark"
            head={['Id', 'Object type', 'Remark']}
            rows={itemRows(report.warnings)}
          />
        </>
      )}
    </section>
  );
}
