import { useId } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { formatCount } from '../../lib/format';
import { PAGE_SIZES } from './directory-address';

/** Previous, Next, the page shown and the rows per page; `go` changes the address. */
export function DirectoryPages(props: {
  page: number;
  pages: number;
  pageSize: number;
  go: (changes: Record<string, string | null>) => void;
}) {
  const { page, pages, go } = props;
  const sizeId = useId();
  return (
    <nav aria-label="Directory pages" className="d-flex flex-wrap align-items-center gap-2 mt-3">
      <Button
        variant="outline-secondary"
        disabled={page <= 1}
        onClick={() => go({ page: page > 2 ? String(page - 1) : null })}
      >
        Previous
      </Button>
      <span className="small">
        Page {formatCount(page)} of {formatCount(pages)}
      </span>
      <Button
        variant="outline-secondary"
        disabled={page >= pages}
        onClick={() => go({ page: String(page + 1) })}
      >
        Next
      </Button>
      <Form.Group controlId={sizeId} className="ms-auto d-flex align-items-center gap-2">
        <Form.Label className="small mb-0 text-nowrap">Rows per page</Form.Label>
        <Form.Select
          size="sm"
          value={props.pageSize}
          onChange={(e) =>
            go({
              size: e.target.value === String(PAGE_SIZES[0]) ? null : e.target.value,
              page: null,
            })
          }
        >
          {PAGE_SIZES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
    </nav>
  );
}
