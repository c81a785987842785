import { useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { QueryState } from '../../components/query-state';
import { todayIso } from '../../lib/format';
import { StatementDocument } from './statement-document';
import { statementPdfUrl, useStatement } from './use-statement';

export const NO_DATA_TO_PRINT =
  'No shareholder data available to print. Please wait for the data to load.';

/** Balance and statement of one holder, with Print Report, Download PDF and an as-of date. */
export function StatementScreen({ holderId }: { holderId: string }) {
  const [params, setParams] = useSearchParams();
  const asOf = params.get('asOf') ?? todayIso();
  const query = useStatement(holderId, params.get('asOf') ?? undefined);
  const [printBlocked, setPrintBlocked] = useState(false);
  const messageRef = useRef<HTMLDivElement>(null);
  const asOfId = useId();

  useEffect(() => {
    if (query.data) setPrintBlocked(false);
  }, [query.data]);
  useEffect(() => {
    if (printBlocked) messageRef.current?.focus();
  }, [printBlocked]);

  const print = () => {
    if (!query.data) {
      setPrintBlocked(true);
      return;
    }
    window.print();
  };

  return (
    <>
      <div className="statement-toolbar no-print d-flex flex-wrap align-items-end gap-2 mb-3">
        <Button variant="primary" onClick={print}>
          Print Report
        </Button>
        <a
          className="btn btn-outline-primary"
          href={statementPdfUrl(holderId, params.get('asOf') ?? undefined)}
          download
        >
          Download PDF
        </a>
        <Link
          className="btn btn-outline-secondary"
          to={`/profile?SH_UID=${encodeURIComponent(holderId)}`}
        >
          Edit Profile
        </Link>
        <Form.Group controlId={asOfId} className="ms-sm-auto">
          <Form.Label className="small mb-1">As of date</Form.Label>
          <Form.Control
            type="date"
            value={asOf}
            onChange={(e) =>
              setParams(
                (current) => {
                  const next = new URLSearchParams(current);
                  if (!e.target.value || e.target.value === todayIso()) next.delete('asOf');
                  else next.set('asOf', e.target.value);
                  return next;
                },
                { replace: true },
              )
            }
          />
        </Form.Group>
      </div>
      <div ref={messageRef} tabIndex={-1} className="no-print">
        {printBlocked && (
          <Alert variant="warning" onClose={() => setPrintBlocked(false)} dismissible>
            {NO_DATA_TO_PRINT}
          </Alert>
        )}
      </div>
      <QueryState query={query} what="the statement">
        {(statement) => <StatementDocument statement={statement} />}
      </QueryState>
    </>
  );
}
