import { NotAvailableYet } from '../components/not-available-yet';

export default function ForgotPasswordPage() {
  return <NotAvailableYet title="Forgot Password" />;
}
