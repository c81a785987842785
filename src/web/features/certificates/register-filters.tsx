import { useId } from 'react';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import { certificateStatusLabels, certificateStatuses } from '../../../contract/certificates';
import { useRegisterHolders } from './api/use-certificate-register';
import type { RegisterView } from './register-address';

type Go = (changes: Record<string, string | null>) => void;

/**
 * The register's filters: holder, class and status, each a labelled native select that changes
 * the address at once (and goes back to the first page). `holderName` names a chosen holder the
 * holder list does not hold (past its first 200).
 */
export function RegisterFilters(props: { view: RegisterView; holderName?: string; go: Go }) {
  const { view, go } = props;
  const holders = useRegisterHolders();
  const holderId = useId();
  const classId = useId();
  const statusId = useId();
  const listed = holders.data?.rows ?? [];
  const chosenMissing = view.holder && !listed.some((h) => h.id === view.holder);
  return (
    <Form
      className="row g-3 align-items-end mb-3 no-print"
      role="search"
      aria-label="Filter certificates"
      onSubmit={(e) => e.preventDefault()}
    >
      <Form.Group as={Col} xs={12} md={5} controlId={holderId}>
        <Form.Label>Holder</Form.Label>
        <Form.Select
          value={view.holder ?? ''}
          onChange={(e) => go({ holder: e.target.value || null, page: null })}
        >
          <option value="">
            {holders.isPending
              ? 'All holders (loading names…)'
              : holders.isError
                ? 'All holders (names could not be loaded)'
                : 'All holders'}
          </option>
          {chosenMissing && (
            <option value={view.holder}>{props.holderName ?? 'Chosen holder'}</option>
          )}
          {listed.map((h) => (
            <option key={h.id} value={h.id}>
              {h.name}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <Form.Group as={Col} xs={6} md={3} controlId={classId}>
        <Form.Label>Class</Form.Label>
        <Form.Select
          value={view.class ?? ''}
          onChange={(e) => go({ class: e.target.value || null, page: null })}
        >
          <option value="">All classes</option>
          <option value="common">Common</option>
          <option value="preferred">Preferred</option>
        </Form.Select>
      </Form.Group>
      <Form.Group as={Col} xs={6} md={4} controlId={statusId}>
        <Form.Label>Status</Form.Label>
        <Form.Select
          value={view.status ?? ''}
          onChange={(e) => go({ status: e.target.value || null, page: null })}
        >
          <option value="">All statuses</option>
          {certificateStatuses.map((s) => (
            <option key={s} value={s}>
              {certificateStatusLabels[s]}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
    </Form>
  );
}
