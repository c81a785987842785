import { NotAvailableYet } from '../components/not-available-yet';

export default function PasswordPage() {
  return <NotAvailableYet title="Change Password" />;
}
