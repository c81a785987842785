import { NotAvailableYet } from '../components/not-available-yet';

export default function ResetPasswordPage() {
  return <NotAvailableYet title="Reset Password" />;
}
