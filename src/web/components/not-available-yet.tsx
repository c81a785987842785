import { useEffect } from 'react';

/** A page whose feature has not been built yet: says so plainly, never shows made-up data. */
export function NotAvailableYet({ title }: { title: string }) {
  useEffect(() => {
    document.title = `${title} · Shareholder Registry`;
  }, [title]);
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title" className="h3">
        {title}
      </h1>
      <p className="text-body-secondary">This page is not available yet.</p>
    </section>
  );
}
