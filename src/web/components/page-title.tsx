import { useEffect, type ReactNode } from 'react';

/** The page's h1 and document title; focus lands on the heading after client navigation. */
export function PageTitle({ title, children }: { title: string; children?: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · Shareholder Registry`;
  }, [title]);
  return (
    <h1 id="page-title" className="h3 mb-3" tabIndex={-1}>
      {children ?? title}
    </h1>
  );
}
