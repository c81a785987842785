import { PageTitle } from '../components/page-title';
import { TransactionForm } from '../features/transactions/transaction-form';

/** /transaction: Manage Shares (administrators; the route guard refuses others). */
export default function TransactionPage() {
  return (
    <section aria-labelledby="page-title" className="transaction-page">
      <PageTitle title="Manage Shares" />
      <TransactionForm />
    </section>
  );
}
