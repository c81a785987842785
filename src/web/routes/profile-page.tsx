import { NotAvailableYet } from '../components/not-available-yet';

export default function ProfilePage() {
  return <NotAvailableYet title="Profile" />;
}
