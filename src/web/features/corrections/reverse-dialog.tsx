import { useRef, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { reverseOperationBody, type ReverseOperationBody } from '../../../contract/corrections';
import type { HistoryRow, RecordTransactionResponse } from '../../../contract/ledger';
import { FieldControl } from '../../components/form/field-control';
import { FormField } from '../../components/form/form-field';
import { FormMessage } from '../../components/form/form-message';
import { formResolver } from '../../components/form/form-resolver';
import { SubmitButton } from '../../components/form/submit-button';
import { ApiError } from '../../lib/api-client';
import { formatDate, formatShares } from '../../lib/format';
import { INFORMATION_SAVED } from '../../lib/save-messages';
import { useReverseOperation } from './api/use-reverse-operation';

/**
 * The Reverse action of a statement's history row (administrators; decision 122): a dialog that
 * asks the reason, posts the operation's inverse, and shows what was recorded.
 */
export function ReverseAction({ row }: { row: HistoryRow }) {
  const [open, setOpen] = useState(false);
  const reversible =
    Boolean(row.operationId) &&
    !row.reversedByOperationId &&
    !row.reversesOperationId &&
    row.type !== 'Converted To Preferred' &&
    row.type !== 'Issued: preferred';
  // The dialog stays open on its receipt after the row, refreshed, shows the reversal.
  if (!reversible && !open) return null;
  return (
    <>
      {reversible && (
        <div className="no-print mt-1">
          <Button
            size="sm"
            variant="outline-danger"
            className="reverse-action"
            aria-label={`Reverse the ${row.typeLabel} of ${formatDate(row.date)} on ${row.certificate}`}
            onClick={() => setOpen(true)}
          >
            Reverse
          </Button>
        </div>
      )}
      {open && <ReverseDialog row={row} onClose={() => setOpen(false)} />}
    </>
  );
}

function ReverseDialog({ row, onClose }: { row: HistoryRow; onClose: () => void }) {
  const reverse = useReverseOperation();
  const key = useRef(crypto.randomUUID());
  const [done, setDone] = useState<RecordTransactionResponse | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ReverseOperationBody>({
    resolver: formResolver(reverseOperationBody, { Reason: 'Reason' }),
    defaultValues: { Reason: '' },
  });
  const submit = form.handleSubmit(async (body) => {
    setFailure(null);
    try {
      const operationId = row.operationId!;
      setDone(await reverse.mutateAsync({ operationId, body, idempotencyKey: key.current }));
    } catch (e) {
      if (e instanceof ApiError && e.field === 'Reason')
        form.setError('Reason', { message: e.message });
      else setFailure(e instanceof Error ? e.message : String(e));
    }
  });
  return (
    <Modal show onHide={onClose} aria-labelledby="reverse-title" centered>
      <Modal.Header closeButton>
        <Modal.Title id="reverse-title" as="h2" className="h5">
          {done ? 'Operation reversed' : 'Reverse this operation'}
        </Modal.Title>
      </Modal.Header>
      {done ? (
        <>
          <Modal.Body>
            <ReversalReceipt response={done} />
          </Modal.Body>
          <Modal.Footer>
            <Button onClick={onClose}>Close</Button>
          </Modal.Footer>
        </>
      ) : (
        <FormProvider {...form}>
          <Form noValidate onSubmit={(e) => void submit(e)} aria-labelledby="reverse-title">
            <Modal.Body>
              <p>
                The {row.typeLabel} of {formatShares(row.shares.replace('-', ''))} shares on{' '}
                {formatDate(row.date)} ({row.certificate}) stays in the ledger; its inverse is
                recorded today as a new operation that names it.
              </p>
              <FormMessage news={failure}>
                {failure && <Alert variant="danger">{failure}</Alert>}
              </FormMessage>
              <FormField
                name="Reason"
                id="reverse-reason"
                label="Reason"
                description="Kept with the reversal and shown in the statements."
              >
                <FieldControl as="textarea" rows={3} maxLength={1000} autoFocus />
              </FormField>
            </Modal.Body>
            <Modal.Footer>
              <Button variant="outline-secondary" onClick={onClose}>
                Cancel
              </Button>
              <SubmitButton pending={reverse.isPending} pendingLabel="Reversing…">
                Reverse
              </SubmitButton>
            </Modal.Footer>
          </Form>
        </FormProvider>
      )}
    </Modal>
  );
}

/** What the reversal recorded. */
function ReversalReceipt({ response }: { response: RecordTransactionResponse }) {
  const date = response.transactions[0]?.date;
  return (
    <Alert variant="success" className="reversal-receipt mb-0" role="status">
      <p className="fw-semibold mb-1">{INFORMATION_SAVED}</p>
      <p className="mb-1">
        Recorded: {response.type}
        {date ? ` on ${formatDate(date)}` : ''}, reversing the earlier operation.
      </p>
      <ul className="mb-0">
        {response.transactions.map((t) => (
          <li key={t.id}>
            {t.certificate} · {t.type} · {formatShares(t.shares)} shares
          </li>
        ))}
      </ul>
    </Alert>
  );
}
