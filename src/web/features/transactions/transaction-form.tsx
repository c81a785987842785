import { useEffect, useRef, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import type { CertificateRow, RecordTransactionBody } from '../../../contract/ledger';
import { operationTypes } from '../../lib/ledger-api';
import { ApiError } from '../../lib/api-client';
import { formatShares, todayIso } from '../../lib/format';
import { QueryState } from '../../components/query-state';
import { HolderPicker, type PickedHolder } from './holder-picker';
import { keyAfterAttempt } from './idempotency-key';
import { useCertificates } from './use-certificates';
import { useRecordTransaction } from './use-record-transaction';

// The spec uses the profile's texts for transactions too (section 8).
export const TRANSACTION_SAVED = 'Your information was successfully updated.';
export const TRANSACTION_NOT_SAVED = 'The information was not saved. Please contact support.';

type OperationType = (typeof operationTypes)[number];
type FieldName =
  | 'from'
  | 'to'
  | 'date'
  | 'shares'
  | 'cost'
  | 'type'
  | 'classType'
  | 'origins'
  | 'notes'
  | 'reason';

/** Both the ledger's field names and the request body's, as the server may report either. */
const FIELD_OF: Record<string, FieldName> = {
  holderId: 'from',
  ShareholderId: 'from',
  toHolderId: 'to',
  DestinationShareholderId: 'to',
  date: 'date',
  ShareDate: 'date',
  shares: 'shares',
  Shares: 'shares',
  cost: 'cost',
  Cost: 'cost',
  type: 'type',
  Type: 'type',
  classType: 'classType',
  ClassType: 'classType',
  origins: 'origins',
  Origin: 'origins',
  Notes: 'notes',
  reason: 'reason',
  Reason: 'reason',
};

export const needsOrigins = (type: OperationType) => type !== 'New Issue';
export const needsRecipient = (type: OperationType) => type === 'Transfer';

const AMOUNT = /^\d{1,13}(\.\d{1,2})?$/;

interface FormState {
  from: PickedHolder | null;
  to: PickedHolder | null;
  date: string;
  shares: string;
  cost: string;
  type: OperationType;
  classType: 'common' | 'preferred';
  /** In the order chosen: the server draws shares from the first origin first. */
  origins: string[];
  notes: string;
  reason: string;
}

const emptyForm = (): FormState => ({
  from: null,
  to: null,
  date: todayIso(),
  shares: '',
  cost: '',
  type: 'New Issue',
  classType: 'common',
  origins: [],
  notes: '',
  reason: '',
});

/** Checks the form can be sent; the ledger rules themselves are the server's (spec §5). */
function validate(f: FormState): Partial<Record<FieldName, string>> {
  const errors: Partial<Record<FieldName, string>> = {};
  if (!f.from) errors.from = 'Choose the shareholder.';
  if (!f.date) errors.date = 'Date is required.';
  if (!AMOUNT.test(f.shares.trim()) || /^0*(\.0*)?$/.test(f.shares.trim()))
    errors.shares = 'Enter a number of shares greater than 0, with at most 2 decimals.';
  if (f.cost.trim() && !AMOUNT.test(f.cost.trim()))
    errors.cost = 'Enter a cost such as 12.50 (at most 2 decimals).';
  if (needsOrigins(f.type) && f.origins.length === 0)
    errors.origins = 'Choose at least one origin certificate.';
  if (needsRecipient(f.type) && !f.to)
    errors.to = 'Choose the shareholder who receives the shares.';
  if (f.type === 'Cancel' && !f.reason.trim())
    errors.reason = 'A reason is required to cancel shares.';
  return errors;
}

function toBody(f: FormState): RecordTransactionBody {
  return {
    ShareholderId: f.from!.id,
    DestinationShareholderId: needsRecipient(f.type) ? f.to!.id : null,
    ShareDate: f.date,
    Shares: f.shares.trim(),
    ...(f.cost.trim() ? { Cost: f.cost.trim() } : {}),
    Type: f.type,
    Origin: needsOrigins(f.type) ? f.origins : [],
    ...(f.notes.trim() ? { Notes: f.notes.trim() } : {}),
    ...(f.type === 'Cancel' ? { Reason: f.reason.trim() } : {}),
    ...(f.type === 'New Issue' ? { ClassType: f.classType } : {}),
  };
}

const className = (c: CertificateRow) => (c.classType === 'common' ? 'Common' : 'Preferred');

/** The From holder's certificates an operation may draw on: a conversion takes common shares. */
export const originChoices = (type: OperationType, rows: CertificateRow[]): CertificateRow[] =>
  type === 'Convert to Preferred' ? rows.filter((c) => c.classType === 'common') : rows;

/** Manage Shares: records a New Issue, Transfer, Convert to Preferred or Cancel. */
export function TransactionForm() {
  const [form, setForm] = useState<FormState>(emptyForm);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [outcome, setOutcome] = useState<{ ok: boolean; detail?: string } | null>(null);
  // One key per submission of the same values: a double click or a retry records once. It changes
  // with the values, and after a definitive answer (idempotency-key.ts).
  const keyRef = useRef<string>(crypto.randomUUID());
  const busyRef = useRef(false);
  const messageRef = useRef<HTMLDivElement>(null);
  const record = useRecordTransaction();
  const certificates = useCertificates(needsOrigins(form.type) ? (form.from?.id ?? null) : null);
  const [formKey, setFormKey] = useState(0);

  useEffect(() => {
    if (outcome) messageRef.current?.focus();
  }, [outcome]);

  const change = (patch: Partial<FormState>) => {
    keyRef.current = crypto.randomUUID();
    setForm((f) => ({ ...f, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(patch)) delete next[k as FieldName];
      return next;
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busyRef.current) return;
    const found = validate(form);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setOutcome(null);
      const first = document.querySelector<HTMLElement>(
        '#transaction-form [aria-invalid="true"], #transaction-form .is-invalid',
      );
      first?.focus();
      return;
    }
    busyRef.current = true;
    setOutcome(null);
    try {
      await record.mutateAsync({ body: toBody(form), idempotencyKey: keyRef.current });
      keyRef.current = keyAfterAttempt(keyRef.current, undefined);
      setOutcome({ ok: true });
      setForm(emptyForm());
      setErrors({});
      setFormKey((k) => k + 1);
    } catch (e) {
      keyRef.current = keyAfterAttempt(keyRef.current, e);
      const field = e instanceof ApiError && e.field ? FIELD_OF[e.field.split('.')[0]!] : undefined;
      const message = e instanceof Error ? e.message : 'Unknown error.';
      if (field) setErrors({ [field]: message });
      setOutcome({ ok: false, detail: field ? undefined : message });
    } finally {
      busyRef.current = false;
    }
  };

  const toggleOrigin = (id: string, checked: boolean) =>
    change({
      origins: checked ? [...form.origins, id] : form.origins.filter((o) => o !== id),
    });
  const feedback = (name: FieldName) =>
    errors[name] ? (
      <Form.Control.Feedback type="invalid" id={`tx-${name}-error`}>
        {errors[name]}
      </Form.Control.Feedback>
    ) : null;
  const describedBy = (name: FieldName) => (errors[name] ? `tx-${name}-error` : undefined);

  return (
    <Form
      id="transaction-form"
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-labelledby="page-title"
    >
      <div ref={messageRef} tabIndex={-1} className="mb-3 message-anchor">
        {outcome?.ok === true && <Alert variant="success">{TRANSACTION_SAVED}</Alert>}
        {outcome?.ok === false && (
          <Alert variant="danger">
            {TRANSACTION_NOT_SAVED}
            {outcome.detail && <span className="d-block small mt-1">{outcome.detail}</span>}
            {!outcome.detail && (
              <span className="d-block small mt-1">See the message next to the field.</span>
            )}
          </Alert>
        )}
      </div>

      <HolderPicker
        key={`from-${formKey}`}
        label="From Shareholder"
        name="from"
        value={form.from}
        error={errors.from}
        onChange={(from) => change({ from, origins: [] })}
      />

      <Row>
        <Form.Group as={Col} md={4} className="mb-3" controlId="tx-date">
          <Form.Label>Date</Form.Label>
          <Form.Control
            type="date"
            value={form.date}
            required
            isInvalid={Boolean(errors.date)}
            aria-invalid={errors.date ? true : undefined}
            aria-describedby={describedBy('date')}
            onChange={(e) => change({ date: e.target.value })}
          />
          {feedback('date')}
        </Form.Group>
        <Form.Group as={Col} md={4} className="mb-3" controlId="tx-shares">
          <Form.Label>Shares</Form.Label>
          <Form.Control
            type="number"
            inputMode="decimal"
            min="0.01"
            step="0.01"
            value={form.shares}
            required
            isInvalid={Boolean(errors.shares)}
            aria-invalid={errors.shares ? true : undefined}
            aria-describedby={describedBy('shares')}
            onChange={(e) => change({ shares: e.target.value })}
          />
          {feedback('shares')}
        </Form.Group>
        <Form.Group as={Col} md={4} className="mb-3" controlId="tx-cost">
          <Form.Label>Cost</Form.Label>
          <Form.Control
            type="number"
            inputMode="decimal"
            min="0"
            step="0.01"
            value={form.cost}
            isInvalid={Boolean(errors.cost)}
            aria-invalid={errors.cost ? true : undefined}
            aria-describedby={describedBy('cost') ?? 'tx-cost-help'}
            onChange={(e) => change({ cost: e.target.value })}
          />
          <Form.Text id="tx-cost-help">Price per share in US dollars.</Form.Text>
          {feedback('cost')}
        </Form.Group>
      </Row>

      <Row>
        <Form.Group as={Col} md={6} className="mb-3" controlId="tx-type">
          <Form.Label>Type</Form.Label>
          <Form.Select
            value={form.type}
            isInvalid={Boolean(errors.type)}
            aria-invalid={errors.type ? true : undefined}
            aria-describedby={describedBy('type')}
            onChange={(e) =>
              change({ type: e.target.value as OperationType, origins: [], to: null })
            }
          >
            {operationTypes.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </Form.Select>
          {feedback('type')}
        </Form.Group>
        {form.type === 'New Issue' && (
          <Form.Group as={Col} md={6} className="mb-3" controlId="tx-class">
            <Form.Label>Share Class</Form.Label>
            <Form.Select
              value={form.classType}
              isInvalid={Boolean(errors.classType)}
              aria-invalid={errors.classType ? true : undefined}
              aria-describedby={describedBy('classType')}
              onChange={(e) => change({ classType: e.target.value as 'common' | 'preferred' })}
            >
              <option value="common">Common</option>
              <option value="preferred">Preferred</option>
            </Form.Select>
            {feedback('classType')}
          </Form.Group>
        )}
      </Row>

      {needsOrigins(form.type) && (
        <fieldset className="mb-3" aria-describedby={describedBy('origins') ?? 'tx-origins-help'}>
          <legend className="form-label fs-6 mb-1">Origin Certificates</legend>
          <p id="tx-origins-help" className="form-text mt-0">
            Certificates of the From Shareholder with shares left; shares are taken in the order you
            choose them.
          </p>
          {!form.from ? (
            <p className="text-body-secondary small">Choose the From Shareholder first.</p>
          ) : (
            <QueryState query={certificates} what="the certificates">
              {(data) => {
                const choices = originChoices(form.type, data.rows);
                if (choices.length === 0)
                  return (
                    <p className="small">
                      {form.type === 'Convert to Preferred'
                        ? 'This shareholder holds no common certificate with shares.'
                        : 'This shareholder holds no certificate with shares.'}
                    </p>
                  );
                return (
                  <div className="origin-list">
                    {choices.map((c) => {
                      const position = form.origins.indexOf(c.id);
                      return (
                        <Form.Check
                          key={c.id}
                          id={`tx-origin-${c.id}`}
                          type="checkbox"
                          checked={position >= 0}
                          isInvalid={Boolean(errors.origins)}
                          onChange={(e) => toggleOrigin(c.id, e.target.checked)}
                          label={
                            <>
                              {c.certificate} · {className(c)} · {formatShares(c.balance)} shares
                              {position >= 0 && (
                                <span className="badge text-bg-secondary ms-2">
                                  {position + 1}
                                  <span className="visually-hidden"> in order</span>
                                </span>
                              )}
                            </>
                          }
                        />
                      );
                    })}
                  </div>
                );
              }}
            </QueryState>
          )}
          {errors.origins && (
            <div id="tx-origins-error" className="invalid-feedback d-block">
              {errors.origins}
            </div>
          )}
        </fieldset>
      )}

      {needsRecipient(form.type) && (
        <HolderPicker
          key={`to-${formKey}`}
          label="To Shareholder"
          name="to"
          value={form.to}
          error={errors.to}
          excludeId={form.from?.id}
          onChange={(to) => change({ to })}
        />
      )}

      <Form.Group className="mb-3" controlId="tx-notes">
        <Form.Label>Notes</Form.Label>
        <Form.Control
          as="textarea"
          rows={3}
          maxLength={1000}
          value={form.notes}
          isInvalid={Boolean(errors.notes)}
          aria-invalid={errors.notes ? true : undefined}
          onChange={(e) => change({ notes: e.target.value })}
        />
        {feedback('notes')}
      </Form.Group>

      {form.type === 'Cancel' && (
        <Form.Group className="mb-3" controlId="tx-reason">
          <Form.Label>Reason</Form.Label>
          <Form.Control
            as="textarea"
            rows={2}
            maxLength={1000}
            required
            value={form.reason}
            isInvalid={Boolean(errors.reason)}
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={describedBy('reason')}
            onChange={(e) => change({ reason: e.target.value })}
          />
          {feedback('reason')}
        </Form.Group>
      )}

      <Button type="submit" disabled={record.isPending}>
        {record.isPending ? 'Submitting…' : 'Submit Transaction'}
      </Button>
    </Form>
  );
}
