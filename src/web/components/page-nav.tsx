import { useId } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { formatCount } from '../lib/format';

type Go = (changes: Record<string, string | null>) => void;

/**
 * Previous and Next for a list paged by the server; `go` changes the address (`page`, none for
 * the first). `pages` when the total is known; otherwise `hasNext` says whether there is more.
 * With `sizes`, a Rows per page select too (`size` in the address, none for the first size).
 */
export function PageNav(props: {
  label: string;
  page: number;
  pages?: number | undefined;
  hasNext?: boolean | undefined;
  sizes?: readonly number[] | undefined;
  pageSize?: number | undefined;
  go: Go;
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
      {props.sizes && <RowsPerPage sizes={props.sizes} pageSize={props.pageSize} go={go} />}
    </nav>
  );
}

function RowsPerPage(props: { sizes: readonly number[]; pageSize?: number | undefined; go: Go }) {
  const id = useId();
  const first = String(props.sizes[0]);
  return (
    <Form.Group controlId={id} className="ms-auto d-flex align-items-center gap-2">
      <Form.Label className="small mb-0 text-nowrap">Rows per page</Form.Label>
      <Form.Select
        size="sm"
        value={props.pageSize}
        onChange={(e) =>
          props.go({ size: e.target.value === first ? null : e.target.value, page: null })
        }
      >
        {props.sizes.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}
