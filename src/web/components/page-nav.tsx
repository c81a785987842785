import Button from 'react-bootstrap/Button';
import { formatCount } from '../lib/format';

/**
 * Previous and Next for a list paged by the server; `go` changes the address (`page`, none for
 * the first). `pages` when the total is known; otherwise `hasNext` says whether there is more.
 */
export function PageNav(props: {
  label: string;
  page: number;
  pages?: number | undefined;
  hasNext?: boolean | undefined;
  go: (changes: Record<string, string | null>) => void;
}) {
  const { page, pages, go } = props;
  const hasNext = pages === undefined ? (props.hasNext ?? false) : page < pages;
  return (
    <nav
      aria-label={props.label}
      className="d-flex flex-wrap align-items-center gap-2 mt-3 no-print"
    >
      <Button
        variant="outline-secondary"
        disabled={page <= 1}
        onClick={() => go({ page: page > 2 ? String(page - 1) : null })}
      >
        Previous
      </Button>
      <span className="small">
        Page {formatCount(page)}
        {pages !== undefined && ` of ${formatCount(pages)}`}
      </span>
      <Button
        variant="outline-secondary"
        disabled={!hasNext}
        onClick={() => go({ page: String(page + 1) })}
      >
        Next
      </Button>
    </nav>
  );
}
