import Alert from 'react-bootstrap/Alert';
import { Link } from 'react-router';
import type { RecordTransactionResponse } from '../../../contract/ledger';
import { formatDate, formatShares } from '../../lib/format';
import type { PickedHolder } from './holder-picker';
import { statementPath } from '../../lib/paths';

export interface Receipt {
  response: RecordTransactionResponse;
  holders: PickedHolder[];
  shares: string;
}

/** What was recorded: the operation, the new certificates and links to the holders' statements. */
export function TransactionReceipt({ receipt, saved }: { receipt: Receipt; saved: string }) {
  const { response, holders } = receipt;
  const date = response.transactions[0]?.date;
  return (
    <Alert variant="success" className="transaction-receipt">
      <p className="fw-semibold mb-1">{saved}</p>
      <p className="mb-2">
        Recorded: {response.type} of {formatShares(receipt.shares)} shares
        {date ? ` on ${formatDate(date)}` : ''}.
      </p>
      {response.certificates.length > 0 && (
        <>
          <p className="mb-1">New certificates:</p>
          <ul className="mb-2">
            {response.certificates.map((c) => (
              <li key={c.id}>
                {c.certificate} · {c.holderName} · {formatShares(c.balance)}{' '}
                {c.classType === 'common' ? 'common' : 'preferred'} shares
              </li>
            ))}
          </ul>
        </>
      )}
      <p className="mb-0">
        Statements:{' '}
        {holders.map((h, i) => (
          <span key={h.id}>
            {i > 0 && ', '}
            <Link to={statementPath(h.id)} className="alert-link">
              {h.name}
            </Link>
          </span>
        ))}
      </p>
    </Alert>
  );
}
