import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import { PageTitle } from '../../components/page-title';

/** The narrow card of the sign-in and password pages, headed by the page's title (its h1). */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-labelledby="page-title" className="auth-page mx-auto" style={{ maxWidth: 420 }}>
      <Card>
        <Card.Body>
          <PageTitle title={title} />
          {children}
        </Card.Body>
      </Card>
    </section>
  );
}
