import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import type { CertificateRecordResponse } from '../../../contract/certificates';
import { QueryState } from '../../components/query-state';
import { TypeBadge } from '../../components/type-badge';
import { ApiError } from '../../lib/api-client';
import { formatDate, formatShares } from '../../lib/format';
import { certificatePdfUrl, useCertificateRecord } from './api/use-certificate-register';
import { CertificateStatusBadge, classLabel } from './certificate-status-badge';
import { LineageTree } from './lineage-tree';
import { certificatePath, statementPath } from '../../lib/paths';

/** One certificate: its facts, the PDF, its lineage, the certificates made from it, its history. */
export function CertificateScreen({ id }: { id: string }) {
  const query = useCertificateRecord(id);
  if (query.error instanceof ApiError && [400, 404].includes(query.error.status))
    return <CertificateNotFound />;
  return (
    <QueryState query={query} what="the certificate">
      {(data) => (
        <>
          <CertificateFacts data={data} />
          <div className="row g-4 mt-1">
            <div className="col-12 col-lg-6">
              <LineageTree lineage={data.lineage} />
            </div>
            <div className="col-12 col-lg-6">
              <Destinations data={data} />
            </div>
          </div>
          <History data={data} />
        </>
      )}
    </QueryState>
  );
}

function CertificateFacts({ data }: { data: CertificateRecordResponse }) {
  const r = data.record;
  const moved: [string, string][] = [
    ['Transferred', r.transferredShares],
    ['Converted', r.convertedShares],
    ['Cancelled', r.cancelledShares],
  ];
  const facts: [string, ReactNode][] = [
    ['Holder', <Link to={statementPath(r.holderId)}>{r.holderName}</Link>],
    ['Class', classLabel(r.classType)],
    ['Issue date', formatDate(r.issueDate)],
    [
      'Origin',
      r.origin ? (
        <Link to={certificatePath(r.origin.id)}>{r.origin.certificate}</Link>
      ) : (
        'New issue'
      ),
    ],
    ['Status', <CertificateStatusBadge status={r.status} />],
    ['Original shares', formatShares(r.originalShares)],
    ['Balance', formatShares(r.balance)],
    ...moved
      .filter(([, shares]) => !/^0+\.00$/.test(shares))
      .map(([label, shares]): [string, string] => [`${label} out`, formatShares(shares)]),
  ];
  return (
    <>
      <dl className="certificate-facts row mb-3">
        {facts.map(([term, value]) => (
          <div key={term} className="col-6 col-md-4 col-xl-3 mb-2">
            <dt className="small text-body-secondary fw-normal">{term}</dt>
            <dd className="mb-0">{value}</dd>
          </div>
        ))}
      </dl>
      <a className="btn btn-outline-primary no-print" href={certificatePdfUrl(r.id)} download>
        Download certificate (PDF)
      </a>
    </>
  );
}

function Destinations({ data }: { data: CertificateRecordResponse }) {
  return (
    <section aria-labelledby="destinations-title">
      <h2 id="destinations-title" className="h5">
        Destination shares
      </h2>
      {data.destinationShares.length === 0 ? (
        <p className="text-body-secondary small">No certificate has been made from this one.</p>
      ) : (
        <ul className="list-unstyled mb-0">
          {data.destinationShares.map((d) => (
            <li key={d.id} className="mb-1">
              {d.certificate} · {d.shareholderName}: {formatShares(d.shares)} shares on{' '}
              {formatDate(d.date)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function History({ data }: { data: CertificateRecordResponse }) {
  return (
    <section aria-labelledby="history-title" className="mt-4">
      <h2 id="history-title" className="h5">
        History
      </h2>
      {/* Below 768 px each row is a card with every value labelled (stacked-table, styles.css). */}
      <div className="table-responsive" tabIndex={0} role="region" aria-label="Certificate history">
        <Table className="align-middle mb-0 stacked-table">
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Type</th>
              <th scope="col" className="text-end">
                Shares
              </th>
              <th scope="col" className="text-end">
                Balance
              </th>
              <th scope="col">Notes</th>
            </tr>
          </thead>
          <tbody>
            {data.history.map((h) => (
              <tr key={h.id}>
                <td data-label="Date" className="text-nowrap">
                  {formatDate(h.date)}
                </td>
                <td data-label="Type">
                  <TypeBadge label={h.typeLabel} issued={h.issued} />
                </td>
                <td data-label="Shares" className="text-end text-nowrap">
                  {formatShares(h.shares)}
                </td>
                <td data-label="Balance" className="text-end text-nowrap">
                  {formatShares(h.balance)}
                </td>
                <td data-label="Notes">{h.notes || '—'}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
    </section>
  );
}

function CertificateNotFound() {
  return (
    <Alert variant="warning" className="d-flex flex-column gap-2">
      <Alert.Heading as="h2" className="h5 mb-0">
        Certificate not found
      </Alert.Heading>
      <p className="mb-0">
        No certificate you may see matches this address. The link may be incomplete or out of date.
      </p>
      <div>
        <Link to="/" className="alert-link">
          Go to the home page
        </Link>
      </div>
    </Alert>
  );
}
