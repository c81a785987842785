import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useForm, type FieldErrors, type RegisterOptions } from 'react-hook-form';
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
import { formResolver } from '../../lib/form-resolver';
import { INFORMATION_NOT_SAVED, INFORMATION_SAVED } from '../../lib/save-messages';
import { QueryState } from '../../components/query-state';
import { HolderPicker, type HolderPickerProps, type PickedHolder } from './holder-picker';
import { keyAfterAttempt } from './idempotency-key';
import { OriginList } from './origin-list';
import { refusalOf, type TransactionField } from './refusal-text';
import { TransactionReceipt, type Receipt } from './transaction-receipt';
import { useCertificates } from './use-certificates';
import { useRecordTransaction } from './use-record-transaction';

// The spec uses the profile's texts for transactions too (section 8, lib/save-messages.ts). A
// refusal the person can fix says what to fix, next to the field.
export const TRANSACTION_FIX = 'Not recorded yet: correct the field marked below and submit again.';

type OperationType = (typeof operationTypes)[number];

export const needsOrigins = (type: OperationType) => type !== 'New Issue';
export const needsRecipient = (type: OperationType) => type === 'Transfer';

/** Every field empty (Cost included: a field left out would keep what the page shows). */
const emptyForm = (today: string, type: OperationType = 'New Issue'): RecordTransactionForm => ({
  Type: type,
  ShareholderId: '',
  DestinationShareholderId: null,
  ShareDate: today,
  Shares: '',
  Cost: '',
  Origin: [],
  Notes: '',
  Reason: '',
  ClassType: 'common',
});

/** The labels the fields' messages name (contract/issue-words.ts). */
const LABELS = {
  Type: 'Type',
  ClassType: 'Share Class',
  ShareholderId: 'From Shareholder',
  DestinationShareholderId: 'To Shareholder',
  Origin: 'Origin Certificates',
  ShareDate: 'Date',
  Shares: 'Shares',
  Cost: 'Cost',
  Reason: 'Reason',
  Notes: 'Notes',
} satisfies Record<TransactionField, string>;

/** Shares and Cost take the same decimal text input. */
const AMOUNT_INPUT = { type: 'text', inputMode: 'decimal', autoComplete: 'off' } as const;

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
    // A Cancel without a Reason is explained by its Notes (the server reads it so too).
    ...(f.Type === 'Cancel' && f.Reason?.trim() ? { Reason: f.Reason.trim() } : {}),
    ...(f.Type === 'New Issue' ? { ClassType: f.ClassType } : {}),
  };
}

type Outcome = { kind: 'saved'; receipt: Receipt } | { kind: 'fix' | 'failed'; detail?: string };

/** Manage Shares: records a New Issue, Transfer, Convert to Preferred or Cancel. */
/** `today`: the company's date, the form's default (routes/transaction-page.tsx). */
export function TransactionForm({ today }: { today: string }) {
  const form = useForm<RecordTransactionForm>({
    resolver: formResolver(recordTransactionForm, LABELS),
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
      // The next entry starts empty; only the Type stays, for a run of the same kind.
      reset(emptyForm(today, values.Type));
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
  /** A control's registration and its invalid state, described by its error or else its help. */
  const bind = (
    name: TransactionField,
    help?: string,
    options?: RegisterOptions<RecordTransactionForm>,
  ) => ({
    ...register(name, options),
    isInvalid: invalid(name),
    'aria-invalid': invalid(name) ? true : undefined,
    'aria-describedby': invalid(name) ? `tx-${name}-error` : help,
  });

  /** The From or To holder's picker: a fresh one after a save or a change of type. */
  const holderPicker = (side: 'from' | 'to', props: Omit<HolderPickerProps, 'label' | 'name'>) => (
    <HolderPicker
      key={`${side}-${pickerKey}`}
      label={side === 'from' ? 'From Shareholder' : 'To Shareholder'}
      name={side}
      {...props}
    />
  );

  return (
    <Form
      id="transaction-form"
      noValidate
      onSubmit={(e) => void form.handleSubmit(onValid, onInvalid)(e)}
      aria-labelledby="page-title"
    >
      <div ref={messageRef} tabIndex={-1} className="mb-3 message-anchor">
        {outcome?.kind === 'saved' && (
          <TransactionReceipt receipt={outcome.receipt} saved={INFORMATION_SAVED} />
        )}
        {outcome && outcome.kind !== 'saved' && (
          <Alert variant={outcome.kind === 'fix' ? 'warning' : 'danger'}>
            {outcome.kind === 'fix' ? TRANSACTION_FIX : INFORMATION_NOT_SAVED}
            {outcome.detail && <span className="d-block small mt-1">{outcome.detail}</span>}
          </Alert>
        )}
      </div>

      <Row>
        <Field id="tx-type" label="Type" md={6} error={feedback('Type')}>
          <Form.Select
            {...bind('Type', undefined, {
              onChange: () => {
                // The type decides the rest: what it does not use is cleared.
                setValue('Origin', []);
                pickTo(null);
                clearErrors();
                setPickerKey((k) => k + 1);
              },
            })}
          >
            {operationTypes.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </Form.Select>
        </Field>
        {type === 'New Issue' && (
          <Field id="tx-class" label="Share Class" md={6} error={feedback('ClassType')}>
            <Form.Select {...bind('ClassType')}>
              <option value="common">Common</option>
              <option value="preferred">Preferred</option>
            </Form.Select>
          </Field>
        )}
      </Row>

      {holderPicker('from', {
        value: from,
        error: errors.ShareholderId?.message,
        hint: type === 'New Issue' ? 'This shareholder receives the new shares.' : undefined,
        onChange: pickFrom,
      })}

      {needsRecipient(type) &&
        holderPicker('to', {
          value: to,
          error: errors.DestinationShareholderId?.message,
          excludeId: from?.id,
          onChange: pickTo,
        })}

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
        <Field id="tx-date" label="Date" md={4} error={feedback('ShareDate')}>
          <Form.Control type="date" required {...bind('ShareDate')} />
        </Field>
        <Field id="tx-shares" label="Shares" md={4} error={feedback('Shares')}>
          <Form.Control {...AMOUNT_INPUT} required {...bind('Shares')} />
        </Field>
        <Field
          id="tx-cost"
          label="Cost"
          md={4}
          help={<Form.Text id="tx-cost-help">Price per share in US dollars.</Form.Text>}
          error={feedback('Cost')}
        >
          <Form.Control {...AMOUNT_INPUT} {...bind('Cost', 'tx-cost-help')} />
        </Field>
      </Row>

      {type === 'Cancel' && (
        <Field
          id="tx-reason"
          label="Reason"
          help={
            <Form.Text id="tx-reason-help">
              <strong className="text-danger">Required</strong>, here or in Notes: kept with the
              cancellation and shown in the holder&apos;s statement.
            </Form.Text>
          }
          error={feedback('Reason')}
        >
          <Form.Control
            as="textarea"
            rows={2}
            maxLength={1000}
            {...bind('Reason', 'tx-reason-help')}
          />
        </Field>
      )}

      <Field id="tx-notes" label="Notes" error={feedback('Notes')}>
        <Form.Control as="textarea" rows={3} maxLength={1000} {...bind('Notes')} />
      </Field>

      <Button type="submit" disabled={record.isPending || formState.isSubmitting}>
        {record.isPending ? 'Submitting…' : 'Submit Transaction'}
      </Button>
    </Form>
  );
}

/** A labelled control with its help and its error below it; `md`: its width in a row. */
function Field(props: {
  id: string;
  label: string;
  md?: number;
  help?: ReactNode;
  error: ReactNode;
  children: ReactNode;
}) {
  return (
    <Form.Group
      {...(props.md ? { as: Col, md: props.md } : {})}
      className="mb-3"
      controlId={props.id}
    >
      <Form.Label>{props.label}</Form.Label>
      {props.children}
      {props.help}
      {props.error}
    </Form.Group>
  );
}
