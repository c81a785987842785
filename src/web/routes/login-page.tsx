import { NotAvailableYet } from '../components/not-available-yet';

export default function LoginPage() {
  return <NotAvailableYet title="Log In" />;
}
