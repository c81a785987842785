import { NotAvailableYet } from '../components/not-available-yet';

export default function AuthCallbackPage() {
  return <NotAvailableYet title="Signing you in" />;
}
