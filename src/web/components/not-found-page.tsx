import { Link } from 'react-router';
import { usePageTitle } from '../features/auth/use-page-title';

export function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title" className="h3">
        Page not found
      </h1>
      <p>
        <Link to="/">Go to the home page</Link>
      </p>
    </section>
  );
}
