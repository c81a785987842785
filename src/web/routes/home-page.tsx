import { NotAvailableYet } from '../components/not-available-yet';

export default function HomePage() {
  return <NotAvailableYet title="Home" />;
}
