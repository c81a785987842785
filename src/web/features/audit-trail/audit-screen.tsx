import { useId, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import { PageNav } from '../../components/page-nav';
import { QueryState } from '../../components/query-state';
import { useAudit } from './api/use-audit';
import { AUDIT_PAGE_SIZE, useAuditAddress, type AuditView } from './audit-address';
import { AuditEntryCard } from './audit-entry-card';
import { ChainStatus } from './chain-status';

type Go = (changes: Record<string, string | null>) => void;

/** A date bound of the range: an empty or complete date goes to the address. */
function DateBound(props: {
  label: string;
  value: string | undefined;
  onChange: (v: string) => void;
}) {
  const id = useId();
  return (
    <Form.Group as={Col} xs={6} md={3} controlId={id}>
      <Form.Label>{props.label}</Form.Label>
      <Form.Control
        type="date"
        value={props.value ?? ''}
        min="1900-01-01"
        max="9999-12-31"
        onChange={(e) => props.onChange(e.target.value)}
      />
    </Form.Group>
  );
}

/** A filter the trail is narrowed to, removed by a click. */
function FilterChip({ onRemove, children }: { onRemove: () => void; children: ReactNode }) {
  return (
    <Button variant="outline-primary" size="sm" onClick={onRemove}>
      {children} <span aria-hidden="true">×</span>
      <span className="visually-hidden"> (remove this filter)</span>
    </Button>
  );
}

/** How the page names the holder and the certificate the trail is narrowed to. */
export interface FilterNames {
  holder: (id: string) => ReactNode;
  certificate: (id: string) => ReactNode;
}

/** The date range, and the holder or certificate the trail is narrowed to (each removable). */
function AuditFilters({ view, go, names }: { view: AuditView; go: Go; names: FilterNames }) {
  const set = (key: string) => (value: string) => go({ [key]: value || null, page: null });
  return (
    <Form
      className="row g-3 align-items-end mb-3 no-print"
      role="search"
      aria-label="Filter the audit trail"
      onSubmit={(e) => e.preventDefault()}
    >
      <DateBound label="Recorded from" value={view.from} onChange={set('from')} />
      <DateBound label="Recorded to" value={view.to} onChange={set('to')} />
      <Col xs={12} md={6} className="d-flex flex-wrap gap-2">
        {view.holderId && (
          <FilterChip onRemove={() => set('holderId')('')}>
            Holder {names.holder(view.holderId)}
          </FilterChip>
        )}
        {view.certificateId && (
          <FilterChip onRemove={() => set('certificateId')('')}>
            Certificate {names.certificate(view.certificateId)}
          </FilterChip>
        )}
      </Col>
    </Form>
  );
}

/**
 * The audit trail, newest first: the chain's verification, the filters (in the address), one
 * page of entries, and the pages (the API answers no total: Next while a page is full).
 */
export function AuditScreen({ names }: { names: FilterNames }) {
  const [view, update] = useAuditAddress();
  const query = useAudit({ ...view, pageSize: AUDIT_PAGE_SIZE });
  return (
    <>
      <ChainStatus />
      <AuditFilters view={view} go={update} names={names} />
      <QueryState query={query} what="the audit trail">
        {(data) => (
          <div aria-busy={query.isFetching}>
            {data.rows.length === 0 ? (
              <div className="border rounded p-4 text-center text-body-secondary">
                No audit entries match these filters.
              </div>
            ) : (
              data.rows.map((entry) => <AuditEntryCard key={entry.id} entry={entry} />)
            )}
            <PageNav
              label="Audit trail pages"
              page={view.page}
              hasNext={data.rows.length === AUDIT_PAGE_SIZE}
              go={update}
            />
          </div>
        )}
      </QueryState>
    </>
  );
}
