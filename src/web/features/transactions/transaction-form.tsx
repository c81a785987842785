import { useEffect, useRef, useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import {
  recordTransactionForm,
  type CertificateRow,
  type RecordTransactionForm,
} from '../../../contract/ledger';
import { operationTypes } from '../../../contract/constants/ledger';
import { formatShares } from '../../lib/format';
import { QueryState } from '../../components/query-state';
import { HolderPicker, type PickedHolder } from './holder-picker';
import { keyAfterAttempt } from './idempotency-key';
import { refusalOf, type TransactionField } from './refusal-text';
import { TransactionReceipt, type Receipt } from './transaction-receipt';
import { useCertificates } from './use-certificates';
import { useRecordTransaction } from './use-record-transaction';

// The spec uses the profile's texts for transactions too (section 8); the second is for what the
// person cannot fix. A refusal they can fix says what to fix, next to the field.
export const TRANSACTION_SAVED = 'Your information was successfully updated.';
export const TRANSACTION_NOT_SAVED = 'The information was not saved. Please contact support.';
export const TRANSACTION_FIX = 'Not recorded yet: correct the field marked below and submit again.';

type OperationType = (typeof operationTypes)[number];

export const needsOrigins = (type: OperationType) => type !== 'New Issue';
export const needsRecipient = (type: OperationType) => type === 'Transfer';

const emptyForm = (today: string): RecordTransactionForm => ({
  Type: 'New Issue',
  ShareholderId: '',
  DestinationShareholderId: null,
  ShareDate: today,
  Shares: '',
  Origin: [],
  Notes: '',
  Reason: '',
  ClassType: 'common',
});

const className = (c: CertificateRow) => (c.classType === 'common' ? 'Common' : 'Preferred');

/** The From holder's certificates an operation may draw on: a conversion takes common shares. */
export const originChoices = (type: OperationType, rows: CertificateRow[]): CertificateRow[] =>
  type === 'Convert to Preferred' ? rows.filter((c) => c.classType === 'common') : rows;

/** Only what the chosen type uses goes to the server. */
function toBody(f: RecordTransactionForm): RecordTransactionForm {
  return {
    Type: f.Type,
    ShareholderId: f.ShareholderId,
    DestinationShareholderId: needsRecipient(f.Type) ? f.DestinationShareholderId : null,
    ShareDate: f.ShareDate,
    Shares: f.Shares.trim(),
    ...(f.Cost?.trim() ? { Cost: f.Cost.trim() } : {}),
    Origin: needsOrigins(f.Type) ? (f.Origin ?? []) : [],
    ...(f.Notes?.trim() ? { Notes: f.Notes.trim() } : {}),
    ...(f.Type === 'Cancel' ? { Reason: f.Reason?.trim() } : {}),
    ...(f.Type === 'New Issue' ? { ClassType: f.ClassType } : {}),
  };
}

type Outcome = { kind: 'saved'; receipt: Receipt } | { kind: 'fix' | 'failed'; detail?: string };

/** Manage Shares: records a New Issue, Transfer, Convert to Preferred or Cancel. */
/** `today`: the company's date, the form's default (routes/transaction-page.tsx). */
export function TransactionForm({ today }: { today: string }) {
  const form = useForm<RecordTransactionForm>({
    resolver: zodResolver(recordTransactionForm),
    defaultValues: emptyForm(today),
  });
  const { register, watch, setValue, setError, clearErrors, reset, formState } = form;
  const errors: FieldErrors<RecordTransactionForm> = formState.errors;
  const [from, setFrom] = useState<PickedHolder | null>(null);
  const [to, setTo] = useState<PickedHolder | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [pickerKey, setPickerKey] = useState(0);
  // One key per submission of the same values: a double click or a retry records once. It changes
  // with the values, and after a definitive answer (idempotency-key.ts).
  const keyRef = useRef<string>(crypto.randomUUID());
  const messageRef = useRef<HTMLDivElement>(null);
  const record = useRecordTransaction();
  const type = watch('Type');
  const origins = watch('Origin') ?? [];
  const certificates = useCertificates(needsOrigins(type) ? (from?.id ?? null) : null);

  useEffect(() => {
    const values = watch(() => (keyRef.current = crypto.randomUUID()));
    return () => values.unsubscribe();
  }, [watch]);
  useEffect(() => {
    if (outcome) messageRef.current?.focus();
  }, [outcome]);

  const pickFrom = (holder: PickedHolder | null) => {
    setFrom(holder);
    setValue('ShareholderId', holder?.id ?? '', { shouldValidate: formState.isSubmitted });
    setValue('Origin', []);
  };
  const pickTo = (holder: PickedHolder | null) => {
    setTo(holder);
    setValue('DestinationShareholderId', holder?.id ?? null, {
      shouldValidate: formState.isSubmitted,
    });
  };
  const toggleOrigin = (id: string, checked: boolean) =>
    setValue('Origin', checked ? [...origins, id] : origins.filter((o) => o !== id), {
      shouldValidate: formState.isSubmitted,
    });

  const onValid = async (values: RecordTransactionForm) => {
    setOutcome(null);
    const body = toBody(values);
    try {
      const response = await record.mutateAsync({ body, idempotencyKey: keyRef.current });
      keyRef.current = keyAfterAttempt(keyRef.current, undefined);
      const holders = [from, needsRecipient(values.Type) ? to : null].filter(
        (h): h is PickedHolder => h !== null,
      );
      setOutcome({ kind: 'saved', receipt: { response, holders, shares: body.Shares } });
      reset(emptyForm(today));
      setFrom(null);
      setTo(null);
      setPickerKey((k) => k + 1);
    } catch (e) {
      keyRef.current = keyAfterAttempt(keyRef.current, e);
      const refusal = refusalOf(e, certificates.data?.rows ?? []);
      if (refusal.field) setError(refusal.field, { type: 'server', message: refusal.message });
      setOutcome({
        kind: refusal.fixable ? 'fix' : 'failed',
        ...(refusal.field ? {} : { detail: refusal.message }),
      });
    }
  };
  const onInvalid = () => {
    setOutcome(null);
    document.querySelector<HTMLElement>('#transaction-form [aria-invalid="true"]')?.focus();
  };

  const invalid = (name: TransactionField) => Boolean(errors[name]);
  const feedback = (name: TransactionField) =>
    errors[name] ? (
      <Form.Control.Feedback type="invalid" id={`tx-${name}-error`}>
        {errors[name].message}
      </Form.Control.Feedback>
    ) : null;
  const aria = (name: TransactionField, help?: string) => ({
    isInvalid: invalid(name),
    'aria-invalid': invalid(name) ? true : undefined,
    'aria-describedby': invalid(name) ? `tx-${name}-error` : help,
  });

  return (
    <Form
      id="transaction-form"
      noValidate
      onSubmit={(e) => void form.handleSubmit(onValid, onInvalid)(e)}
      aria-labelledby="page-title"
    >
      <div ref={messageRef} tabIndex={-1} className="mb-3 message-anchor">
        {outcome?.kind === 'saved' && (
          <TransactionReceipt receipt={outcome.receipt} saved={TRANSACTION_SAVED} />
        )}
        {outcome && outcome.kind !== 'saved' && (
          <Alert variant={outcome.kind === 'fix' ? 'warning' : 'danger'}>
            {outcome.kind === 'fix' ? TRANSACTION_FIX : TRANSACTION_NOT_SAVED}
            {outcome.detail && <span className="d-block small mt-1">{outcome.detail}</span>}
          </Alert>
        )}
      </div>

      <Row>
        <Form.Group as={Col} md={6} className="mb-3" controlId="tx-type">
          <Form.Label>Type</Form.Label>
          <Form.Select
            {...register('Type', {
              onChange: () => {
                // The type decides the rest: what it does not use is cleared.
                setValue('Origin', []);
                pickTo(null);
                clearErrors();
                setPickerKey((k) => k + 1);
              },
            })}
            {...aria('Type')}
          >
            {operationTypes.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </Form.Select>
          {feedback('Type')}
        </Form.Group>
        {type === 'New Issue' && (
          <Form.Group as={Col} md={6} className="mb-3" controlId="tx-class">
            <Form.Label>Share Class</Form.Label>
            <Form.Select {...register('ClassType')} {...aria('ClassType')}>
              <option value="common">Common</option>
              <option value="preferred">Preferred</option>
            </Form.Select>
            {feedback('ClassType')}
          </Form.Group>
        )}
      </Row>

      <HolderPicker
        key={`from-${pickerKey}`}
        label="From Shareholder"
        name="from"
        value={from}
        error={errors.ShareholderId?.message}
        hint={type === 'New Issue' ? 'This shareholder receives the new shares.' : undefined}
        onChange={pickFrom}
      />

      {needsRecipient(type) && (
        <HolderPicker
          key={`to-${pickerKey}`}
          label="To Shareholder"
          name="to"
          value={to}
          error={errors.DestinationShareholderId?.message}
          excludeId={from?.id}
          onChange={pickTo}
        />
      )}

      {needsOrigins(type) && (
        <fieldset
          className="mb-3"
          aria-describedby={invalid('Origin') ? 'tx-Origin-error' : 'tx-origins-help'}
        >
          <legend className="form-label fs-6 mb-1">Origin Certificates</legend>
          <p id="tx-origins-help" className="form-text mt-0">
            Certificates of the From Shareholder with shares left; shares are taken in the order you
            choose them.
          </p>
          {!from ? (
            <p className="text-body-secondary small">Choose the From Shareholder first.</p>
          ) : (
            <QueryState query={certificates} what="the certificates">
              {(data) => (
                <OriginList
                  choices={originChoices(type, data.rows)}
                  type={type}
                  chosen={origins}
                  invalid={invalid('Origin')}
                  onToggle={toggleOrigin}
                />
              )}
            </QueryState>
          )}
          {errors.Origin && (
            <div id="tx-Origin-error" className="invalid-feedback d-block">
              {errors.Origin.message}
            </div>
          )}
        </fieldset>
      )}

      <Row>
        <Form.Group as={Col} md={4} className="mb-3" controlId="tx-date">
          <Form.Label>Date</Form.Label>
          <Form.Control type="date" required {...register('ShareDate')} {...aria('ShareDate')} />
          {feedback('ShareDate')}
        </Form.Group>
        <Form.Group as={Col} md={4} className="mb-3" controlId="tx-shares">
          <Form.Label>Shares</Form.Label>
          <Form.Control
            type="text"
            inputMode="decimal"
            autoComplete="off"
            required
            {...register('Shares')}
            {...aria('Shares')}
          />
          {feedback('Shares')}
        </Form.Group>
        <Form.Group as={Col} md={4} className="mb-3" controlId="tx-cost">
          <Form.Label>Cost</Form.Label>
          <Form.Control
            type="text"
            inputMode="decimal"
            autoComplete="off"
            {...register('Cost', { setValueAs: (v: string) => (v.trim() === '' ? undefined : v) })}
            {...aria('Cost', 'tx-cost-help')}
          />
          <Form.Text id="tx-cost-help">Price per share in US dollars.</Form.Text>
          {feedback('Cost')}
        </Form.Group>
      </Row>

      {type === 'Cancel' && (
        <Form.Group className="mb-3" controlId="tx-reason">
          <Form.Label>Reason</Form.Label>
          <Form.Control
            as="textarea"
            rows={2}
            maxLength={1000}
            required
            {...register('Reason')}
            {...aria('Reason', 'tx-reason-help')}
          />
          <Form.Text id="tx-reason-help">
            <strong className="text-danger">Required.</strong> Kept with the cancellation and shown
            in the holder&apos;s statement.
          </Form.Text>
          {feedback('Reason')}
        </Form.Group>
      )}

      <Form.Group className="mb-3" controlId="tx-notes">
        <Form.Label>Notes</Form.Label>
        <Form.Control
          as="textarea"
          rows={3}
          maxLength={1000}
          {...register('Notes')}
          {...aria('Notes')}
        />
        {feedback('Notes')}
      </Form.Group>

      <Button type="submit" disabled={record.isPending || formState.isSubmitting}>
        {record.isPending ? 'Submitting…' : 'Submit Transaction'}
      </Button>
    </Form>
  );
}

/** The origin choice: checkboxes numbered in the order chosen. */
function OriginList(props: {
  choices: CertificateRow[];
  type: OperationType;
  chosen: string[];
  invalid: boolean;
  onToggle: (id: string, checked: boolean) => void;
}) {
  if (props.choices.length === 0)
    return (
      <p className="small">
        {props.type === 'Convert to Preferred'
          ? 'This shareholder holds no common certificate with shares.'
          : 'This shareholder holds no certificate with shares.'}
      </p>
    );
  return (
    <div className="origin-list">
      {props.choices.map((c) => {
        const position = props.chosen.indexOf(c.id);
        return (
          <Form.Check
            key={c.id}
            id={`tx-origin-${c.id}`}
            type="checkbox"
            checked={position >= 0}
            isInvalid={props.invalid}
            onChange={(e) => props.onToggle(c.id, e.target.checked)}
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
}
