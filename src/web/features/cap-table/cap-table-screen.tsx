import { lazy, Suspense, useId } from 'react';
import { Link } from 'react-router';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import type { CapTableResponse } from '../../../contract/cap-table';
import { webRoutes } from '../../../contract/web-routes';
import { AsOfDateInput, AsOfNotice } from '../../components/as-of-date-input';
import { QueryState } from '../../components/query-state';
import { SummaryCard } from '../../components/summary-card';
import { useAsOfParam } from '../../lib/as-of-date';
import { ExportLinks } from '../../components/export-links';
import { formatCount, formatDate, formatShares } from '../../lib/format';
import { useCapTable } from './api/use-cap-table';
import type { CapTableChartKind } from './cap-table-charts';
import { ClassSummaryTable, TopHoldersTable } from './cap-table-tables';
import './cap-table.css';

// Chart.js comes with this chunk only, after the tables are on screen (decision 121).
const CapTableChart = lazy(() => import('./cap-table-charts'));

/** A chart with its caption; a picture of the table beside it, so hidden from screen readers. */
function ChartFigure(props: { kind: CapTableChartKind; data: CapTableResponse; caption: string }) {
  return (
    <figure className="cap-table-figure no-print" aria-hidden="true">
      <figcaption className="small text-body-secondary mb-1">{props.caption}</figcaption>
      <Suspense
        fallback={
          <div
            className={
              props.kind === 'classes' ? 'cap-table-chart cap-table-chart-short' : 'cap-table-chart'
            }
          />
        }
      >
        <CapTableChart kind={props.kind} data={props.data} />
      </Suspense>
    </figure>
  );
}

/** The cap table on a date: totals, the class summary, the top holders, charts and tables. */
export function CapTableScreen({ today }: { today: string }) {
  const asOf = useAsOfParam(today);
  const query = useCapTable(asOf.param);
  const asOfId = useId();
  const listLink = asOf.param
    ? `${webRoutes.stockholderList}?asOf=${encodeURIComponent(asOf.param)}`
    : webRoutes.stockholderList;
  return (
    <>
      <AsOfNotice notice={asOf.notice} />
      <div className="no-print d-flex flex-wrap align-items-end gap-2 mb-3">
        <Form.Group controlId={asOfId} className="col-12 col-sm-auto">
          <Form.Label className="small mb-1">As of date</Form.Label>
          <AsOfDateInput value={asOf.asOf} today={today} onChange={asOf.set} />
        </Form.Group>
        <Button variant="outline-primary" onClick={() => window.print()}>
          Print
        </Button>
        <Link className="btn btn-outline-secondary" to={listLink}>
          Stockholder list of this date
        </Link>
        <ExportLinks report="cap-table" asOf={asOf.asOf} what="the cap table" ocf />
      </div>
      <QueryState query={query} what="the cap table">
        {(data) => <CapTableFigures data={data} busy={query.isFetching} />}
      </QueryState>
    </>
  );
}

function CapTableFigures({ data, busy }: { data: CapTableResponse; busy: boolean }) {
  const empty = data.totals.holders === 0;
  return (
    <div aria-busy={busy || undefined}>
      <p className="text-body-secondary" aria-live="polite">
        As of {formatDate(data.asOf)}
        {busy && ' · updating…'}
      </p>
      <Row xs={1} sm={2} lg={4} className="g-3 mb-4" as="section" aria-label="Totals">
        <Col>
          <SummaryCard title="Holders of record" value={formatCount(data.totals.holders)} />
        </Col>
        <Col>
          <SummaryCard title="Shares outstanding" value={formatShares(data.totals.outstanding)} />
        </Col>
        {data.classes.map((c) => (
          <Col key={c.id}>
            <SummaryCard
              title={c.name}
              value={formatShares(c.outstanding)}
              detail={
                c.percentOfAuthorized === null
                  ? undefined
                  : `${c.percentOfAuthorized}% of authorized`
              }
            />
          </Col>
        ))}
      </Row>
      <section aria-labelledby="classes-title" className="mb-4">
        <h2 id="classes-title" className="h5">
          Share classes
        </h2>
        {!empty && <ChartFigure kind="classes" data={data} caption="Outstanding shares by class" />}
        <ClassSummaryTable data={data} />
      </section>
      <section aria-labelledby="holders-title">
        <h2 id="holders-title" className="h5">
          Top holders and ownership by class
        </h2>
        {empty ? (
          <p>No shares were outstanding on {formatDate(data.asOf)}.</p>
        ) : (
          <>
            <div className="row g-3">
              <div className="col-12 col-lg-6">
                <ChartFigure kind="holders" data={data} caption="Ownership of all shares" />
              </div>
              <div className="col-12 col-lg-6">
                <ChartFigure
                  kind="byClass"
                  data={data}
                  caption="Ownership of each class (colours as in the ownership chart)"
                />
              </div>
            </div>
            <TopHoldersTable data={data} />
          </>
        )}
      </section>
    </div>
  );
}
