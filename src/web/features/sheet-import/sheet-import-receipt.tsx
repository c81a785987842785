import Alert from 'react-bootstrap/Alert';
import { Link } from 'react-router';
import type { SheetImportAnswer } from '../../../contract/sheet-import';
import { formatDate } from '../../../contract/format';

const count = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** After an import: what it wrote, or that this very file had been imported before. */
export function SheetImportReceipt({ answer }: { answer: SheetImportAnswer }) {
  const receipt = answer.receipt;
  if (!receipt) return null;
  const when = formatDate(receipt.importedAt.slice(0, 10));
  return (
    <Alert variant={answer.alreadyImported ? 'info' : 'success'} className="sheet-import-receipt">
      <p className="mb-1">
        <strong>
          {answer.alreadyImported
            ? `This file was already imported on ${when}: nothing was written again.`
            : `Imported ${count(receipt.rows, 'row', 'rows')} from ${receipt.fileName}.`}
        </strong>
      </p>
      <ul className="mb-1">
        {receipt.holdersCreated > 0 && (
          <li>{count(receipt.holdersCreated, 'holder created', 'holders created')}</li>
        )}
        {receipt.operationsPosted > 0 && (
          <li>{count(receipt.operationsPosted, 'operation posted', 'operations posted')}</li>
        )}
        {receipt.certificates.length > 0 && (
          <li>Certificates issued: {receipt.certificates.join(', ')}</li>
        )}
      </ul>
      <p className="mb-0 small">
        Receipt {receipt.id}. See the{' '}
        <Link className="alert-link" to="/">
          directory
        </Link>
        , the{' '}
        <Link className="alert-link" to="/ledger">
          ledger
        </Link>{' '}
        or the{' '}
        <Link className="alert-link" to="/audit">
          audit trail
        </Link>
        .
      </p>
    </Alert>
  );
}
