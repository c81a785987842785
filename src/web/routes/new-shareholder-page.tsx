import { Link } from 'react-router';
import { PageTitle } from '../components/page-title';
import { NewShareholderForm } from '../features/shareholders/new-shareholder-form';

/** /shareholders/new (administrators): add a holder to the registry. */
export default function NewShareholderPage() {
  return (
    <section aria-labelledby="page-title" className="new-shareholder-page">
      <PageTitle title="New shareholder" />
      <p className="text-body-secondary">
        Add an investor, employee or entity before recording their shares. Their balance starts at
        zero; <Link to="/transaction">Manage Shares</Link> records a New Issue or a Transfer to
        them.
      </p>
      <NewShareholderForm />
    </section>
  );
}
