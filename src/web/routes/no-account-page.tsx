import { NotAvailableYet } from '../components/not-available-yet';

export default function NoAccountPage() {
  return <NotAvailableYet title="No Account" />;
}
