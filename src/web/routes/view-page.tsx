import { NotAvailableYet } from '../components/not-available-yet';

export default function ViewPage() {
  return <NotAvailableYet title="Balance" />;
}
