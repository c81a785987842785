import { NotAvailableYet } from '../components/not-available-yet';

export default function TransactionPage() {
  return <NotAvailableYet title="Manage Shares" />;
}
