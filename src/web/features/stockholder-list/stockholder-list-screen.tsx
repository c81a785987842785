import { useId } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import type { StockholderListResponse } from '../../../contract/cap-table';
import { AsOfDateInput, AsOfNotice } from '../../components/as-of-date-input';
import { ExportLinks } from '../../components/export-links';
import { QueryState } from '../../components/query-state';
import { useAsOfParam } from '../../lib/as-of-date';
import { addressLines, formatCount, formatDate, formatShares } from '../../lib/format';
import { useStockholderList } from './api/use-stockholder-list';
import './stockholder-list.css';

type ListClass = StockholderListResponse['classes'][number];

/** The holders of record of one class, alphabetically, with address and shares. */
function ClassList({ cls, asOf }: { cls: ListClass; asOf: string }) {
  const titleId = useId();
  const count = cls.holders.length;
  return (
    <section className="stockholder-list-class mb-4" aria-labelledby={titleId}>
      <h2 id={titleId} className="h5">
        {cls.name}
      </h2>
      <p className="small text-body-secondary">
        {count === 0
          ? `No holders of record on ${formatDate(asOf)}.`
          : `${formatCount(count)} ${count === 1 ? 'holder' : 'holders'} of record, ${formatShares(cls.totalShares)} shares.`}
      </p>
      {count > 0 && (
        <Table
          className="stacked-table stockholder-list-table align-middle"
          aria-labelledby={titleId}
        >
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Address</th>
              <th scope="col" className="text-end">
                Shares
              </th>
            </tr>
          </thead>
          <tbody>
            {cls.holders.map((h) => (
              <tr key={h.id}>
                <th scope="row">{h.name}</th>
                <td className="address-cell" data-label="Address">
                  <div>
                    {addressLines({ ...h, zipCode: h.postalCode }).map((line, i) => (
                      <span key={i} className="d-block">
                        {line}
                      </span>
                    ))}
                  </div>
                </td>
                <td className="text-end text-nowrap" data-label="Shares">
                  {formatShares(h.shares)}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </section>
  );
}

/**
 * The stockholder list of DGCL §219 on a date: the company, the date, each class's holders of
 * record alphabetically with address and shares; Print, and the same list as CSV or Excel.
 */
export function StockholderListScreen({ today }: { today: string }) {
  const asOf = useAsOfParam(today);
  const query = useStockholderList(asOf.param);
  const asOfId = useId();
  return (
    <>
      <AsOfNotice notice={asOf.notice} />
      <div className="no-print d-flex flex-wrap align-items-end gap-2 mb-3">
        <Form.Group controlId={asOfId} className="col-12 col-sm-auto">
          <Form.Label className="small mb-1">Record date</Form.Label>
          <AsOfDateInput value={asOf.asOf} today={today} onChange={asOf.set} />
        </Form.Group>
        <Button variant="outline-primary" onClick={() => window.print()}>
          Print
        </Button>
        <ExportLinks report="stockholder-list" asOf={asOf.asOf} what="the stockholder list" />
      </div>
      <QueryState query={query} what="the stockholder list">
        {(data) => (
          <div aria-busy={query.isFetching || undefined}>
            <p>
              <strong>{data.company}</strong>: stockholders of record as of {formatDate(data.asOf)},
              by class, in alphabetical order.
            </p>
            {data.classes.map((cls) => (
              <ClassList key={cls.id} cls={cls} asOf={data.asOf} />
            ))}
          </div>
        )}
      </QueryState>
    </>
  );
}
