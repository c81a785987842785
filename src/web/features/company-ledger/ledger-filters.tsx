import { useId } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import { companyLedgerSortKeys } from '../../../contract/company-ledger';
import { TRANSACTION_TYPES, typeLabel } from '../../../ledger';
import type { LedgerView } from './ledger-address';

type Go = (changes: Record<string, string | null>) => void;

export const SORT_LABELS: Record<(typeof companyLedgerSortKeys)[number], string> = {
  date: 'Date',
  shares: 'Shares',
  holder: 'Holder name',
  certificate: 'Certificate',
};

/** A labelled select whose choice goes to the address at once. */
function Choice(props: {
  label: string;
  value: string;
  options: ReadonlyArray<readonly [string, string]>;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <Form.Group as={Col} xs={6} md={4} lg={2} controlId={id}>
      <Form.Label>{props.label}</Form.Label>
      <Form.Select value={props.value} onChange={(e) => props.onChange(e.target.value)}>
        {props.options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}

/** A date bound of the range: an empty or complete date goes to the address. */
function DateBound(props: {
  label: string;
  value: string | undefined;
  onChange: (v: string) => void;
}) {
  const id = useId();
  return (
    <Form.Group as={Col} xs={6} md={4} lg={2} controlId={id}>
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

/**
 * The ledger's filters and sort (the page size is the page nav's); each change goes to the address
 * (page back to 1), so a reload or a shared link shows the same view.
 */
export function LedgerFilters({ view, go }: { view: LedgerView; go: Go }) {
  const set = (key: string) => (value: string) => go({ [key]: value || null, page: null });
  return (
    <Form
      className="row g-3 align-items-end mb-3 no-print"
      role="search"
      aria-label="Filter the ledger"
      onSubmit={(e) => e.preventDefault()}
    >
      <DateBound label="From" value={view.from} onChange={set('from')} />
      <DateBound label="To" value={view.to} onChange={set('to')} />
      <Choice
        label="Type"
        value={view.type ?? ''}
        options={[['', 'All types'], ...TRANSACTION_TYPES.map((t) => [t, typeLabel(t)] as const)]}
        onChange={set('type')}
      />
      <Choice
        label="Sort by"
        value={view.sort}
        options={companyLedgerSortKeys.map((k) => [k, SORT_LABELS[k]] as const)}
        onChange={(v) => go({ sort: v === 'date' ? null : v, page: null })}
      />
      <Choice
        label="Order"
        value={view.dir}
        options={[
          ['desc', 'Descending'],
          ['asc', 'Ascending'],
        ]}
        onChange={(v) => go({ dir: v === 'desc' ? null : v, page: null })}
      />
    </Form>
  );
}

/** The holder and certificate the ledger is narrowed to, each removable; links to their audit. */
export function ChosenFilters(props: {
  view: LedgerView;
  holderName: string | undefined;
  certificate: string | undefined;
  go: Go;
}) {
  const { view, go } = props;
  if (!view.holderId && !view.certificateId) return null;
  const audit = new URLSearchParams();
  if (view.holderId) audit.set('holderId', view.holderId);
  if (view.certificateId) audit.set('certificateId', view.certificateId);
  return (
    <div className="d-flex flex-wrap align-items-center gap-2 mb-3" aria-label="Chosen filters">
      {view.holderId && (
        <Button
          variant="outline-primary"
          size="sm"
          onClick={() => go({ holderId: null, page: null })}
          aria-label={`Remove the holder filter (${props.holderName ?? 'chosen holder'})`}
        >
          Holder: {props.holderName ?? 'chosen holder'} <span aria-hidden="true">×</span>
        </Button>
      )}
      {view.certificateId && (
        <Button
          variant="outline-primary"
          size="sm"
          onClick={() => go({ certificateId: null, page: null })}
          aria-label={`Remove the certificate filter (${props.certificate ?? 'chosen certificate'})`}
        >
          Certificate: {props.certificate ?? 'chosen certificate'} <span aria-hidden="true">×</span>
        </Button>
      )}
      <Link to={`/audit?${audit.toString()}`} className="small no-print">
        Audit trail of this {view.holderId ? 'holder' : 'certificate'}
      </Link>
    </div>
  );
}
