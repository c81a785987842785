import { useEffect, useId, useRef, useState, type MouseEvent } from 'react';
import { Link } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { ExportLinks } from '../../components/export-links';
import { AsOfDateInput, AsOfNotice } from '../../components/as-of-date-input';
import { QueryState } from '../../components/query-state';
import { ApiError } from '../../lib/api-client';
import { useAsOfParam } from '../../lib/as-of-date';
import { idParams } from '../../../contract/ledger';
import { HolderNotFound } from './holder-not-found';
import { StatementDocument, type RowAction } from './statement-document';
import { downloadStatementPdf, statementPdfUrl, useStatement } from './api/use-statement';
import { profilePath } from '../../lib/paths';

export const NO_DATA_TO_PRINT =
  'No shareholder data available to print. Please wait for the data to load.';

/** What a failed PDF download says: a session that ended needs a new sign-in, not a retry. */
export function pdfFailureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 401)
    return 'Could not download the PDF: your session has ended. Please log in again.';
  const reason = error instanceof Error ? error.message : 'Unknown error.';
  return `Could not download the PDF: ${reason}`;
}

/** Balance and statement of one holder, with Print Report, Download PDF and an as-of date. */
export function StatementScreen(props: ScreenProps) {
  // Not an id at all: not found, without asking the server (whose answer is a technical 400).
  if (!idParams.safeParse({ id: props.holderId }).success) return <HolderNotFound />;
  return <KnownStatementScreen {...props} />;
}

interface ScreenProps {
  holderId: string;
  today: string;
  /** An action on each history row (view-page: Reverse, for administrators). */
  rowAction?: RowAction | undefined;
  /**
   * Administrators and read-only holders: Export CSV / Excel of the statement, and each
   * certificate a link to its page.
   */
  readsRegistry?: boolean;
}

function KnownStatementScreen({ holderId, today, rowAction, readsRegistry }: ScreenProps) {
  const asOf = useAsOfParam(today);
  const query = useStatement(holderId, asOf.param);
  const [printBlocked, setPrintBlocked] = useState(false);
  const pdf = usePdfDownload(holderId, asOf.param);
  const messageRef = useRef<HTMLDivElement>(null);
  const asOfId = useId();

  useEffect(() => {
    if (query.data) setPrintBlocked(false);
  }, [query.data]);
  useEffect(() => {
    if (printBlocked || pdf.error) messageRef.current?.focus();
  }, [printBlocked, pdf.error]);

  const print = () => {
    if (!query.data) {
      setPrintBlocked(true);
      return;
    }
    window.print();
  };

  if (query.error instanceof ApiError && query.error.status === 404) return <HolderNotFound />;
  return (
    <>
      <div className="statement-toolbar no-print d-flex flex-wrap align-items-end gap-2 mb-3">
        <Button variant="primary" onClick={print}>
          Print Report
        </Button>
        <a
          className="btn btn-outline-primary"
          href={statementPdfUrl(holderId, asOf.param)}
          download
          aria-disabled={pdf.downloading || undefined}
          onClick={(e) => void pdf.download(e)}
        >
          {pdf.downloading ? 'Downloading PDF…' : 'Download PDF'}
        </a>
        <Link className="btn btn-outline-secondary" to={profilePath(holderId)}>
          Edit Profile
        </Link>
        {readsRegistry && (
          <ExportLinks
            report="statement"
            holderId={holderId}
            asOf={asOf.asOf}
            what="the statement"
          />
        )}
        <Form.Group controlId={asOfId} className="col-12 col-sm-auto ms-sm-auto">
          <Form.Label className="small mb-1">As of date</Form.Label>
          <AsOfDateInput value={asOf.asOf} today={today} onChange={asOf.set} />
        </Form.Group>
      </div>
      <div ref={messageRef} tabIndex={-1} className="no-print">
        <AsOfNotice notice={asOf.notice} />
        {printBlocked && (
          <Alert variant="warning" onClose={() => setPrintBlocked(false)} dismissible>
            {NO_DATA_TO_PRINT}
          </Alert>
        )}
        <PdfFailure failure={pdf.error} onClose={pdf.clearError} />
      </div>
      <QueryState query={query} what="the statement">
        {(statement) => (
          <StatementDocument
            statement={statement}
            rowAction={rowAction}
            linkCertificates={readsRegistry}
          />
        )}
      </QueryState>
    </>
  );
}

type PdfError = { message: string; signIn: boolean };

/** Download PDF through the API client, so a refusal is said on the page rather than as a file. */
function usePdfDownload(holderId: string, asOf: string | undefined) {
  const [pdfError, setPdfError] = useState<PdfError | null>(null);
  const [downloading, setDownloading] = useState(false);
  const download = async (event: MouseEvent<HTMLAnchorElement>) => {
    // Modified clicks (new tab, save as) keep the plain link.
    if (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (downloading) return;
    setPdfError(null);
    setDownloading(true);
    try {
      await downloadStatementPdf(holderId, asOf);
    } catch (e) {
      setPdfError({
        message: pdfFailureMessage(e),
        signIn: e instanceof ApiError && e.status === 401,
      });
    } finally {
      setDownloading(false);
    }
  };

  return { download, downloading, error: pdfError, clearError: () => setPdfError(null) };
}

/** Why the PDF did not download; a link to sign in again when the session ended. */
function PdfFailure({ failure, onClose }: { failure: PdfError | null; onClose: () => void }) {
  if (!failure) return null;
  return (
    <Alert variant="danger" onClose={onClose} dismissible>
      {failure.message}
      {failure.signIn && (
        <>
          {' '}
          <a href="/login" className="alert-link">
            Log in
          </a>
        </>
      )}
    </Alert>
  );
}
