import Button from 'react-bootstrap/Button';
import { PageTitle } from '../components/page-title';
import { LedgerScreen } from '../features/company-ledger/ledger-screen';
import { useToday } from '../features/auth/use-today';

/** /ledger (administrators): every share transaction of the company, filtered in the address. */
export default function LedgerPage() {
  const today = useToday();
  return (
    <section aria-labelledby="page-title" className="ledger-page">
      <div className="d-flex flex-wrap align-items-start justify-content-between column-gap-3">
        <PageTitle title="Company ledger" />
        <Button
          variant="outline-secondary"
          className="mb-3 no-print"
          onClick={() => window.print()}
        >
          Print
        </Button>
      </div>
      <LedgerScreen today={today} />
    </section>
  );
}
