import { useFormContext } from 'react-hook-form';
import Row from 'react-bootstrap/Row';
import type { RecordTransactionForm } from '../../../contract/ledger';
import { operationTypes } from '../../../contract/constants/ledger';
import { ErrorText } from '../../components/form/field-error';
import { DateInput, FieldControl, NumberInput } from '../../components/form/field-control';
import { FieldSelect } from '../../components/form/field-select';
import { FormField } from '../../components/form/form-field';
import { QueryState } from '../../components/query-state';
import type { PickedHolder } from './holder-picker';
import { OriginList } from './origin-list';
import type { TransactionField } from './refusal-text';
import { originChoices, type OperationType } from './transaction-values';
import { useCertificates } from './api/use-certificates';

/** A field's name and its error's id (tx-<name>-error, which the browser tests read). */
const field = (name: TransactionField) => ({ name, errorId: `tx-${name}-error` });

/** Type, and for a New Issue the share class. */
export function TypeRow({ type, onTypeChange }: { type: OperationType; onTypeChange: () => void }) {
  return (
    <Row>
      <FormField {...field('Type')} id="tx-type" label="Type" md={6}>
        <FieldSelect registerOptions={{ onChange: onTypeChange }}>
          {operationTypes.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </FieldSelect>
      </FormField>
      {type === 'New Issue' && (
        <FormField {...field('ClassType')} id="tx-class" label="Share Class" md={6}>
          <FieldSelect>
            <option value="common">Common</option>
            <option value="preferred">Preferred</option>
          </FieldSelect>
        </FormField>
      )}
    </Row>
  );
}

/** The From holder's certificates to draw on, in the order chosen. */
export function OriginFieldset(props: {
  type: OperationType;
  from: PickedHolder | null;
  certificates: ReturnType<typeof useCertificates>;
}) {
  const { watch, setValue, formState } = useFormContext<RecordTransactionForm>();
  const origins = watch('Origin') ?? [];
  const error = formState.errors.Origin?.message;
  const toggle = (id: string, checked: boolean) =>
    setValue('Origin', checked ? [...origins, id] : origins.filter((o) => o !== id), {
      shouldValidate: formState.isSubmitted,
    });
  return (
    <fieldset className="mb-3" aria-describedby={error ? 'tx-Origin-error' : 'tx-origins-help'}>
      <legend className="form-label fs-6 mb-1">Origin Certificates</legend>
      <p id="tx-origins-help" className="form-text mt-0">
        Certificates of the From Shareholder with shares left; shares are taken in the order you
        choose them.
      </p>
      {!props.from ? (
        <p className="text-body-secondary small">Choose the From Shareholder first.</p>
      ) : (
        <QueryState query={props.certificates} what="the certificates">
          {(data) => (
            <OriginList
              choices={originChoices(props.type, data.rows)}
              type={props.type}
              chosen={origins}
              invalid={Boolean(error)}
              onToggle={toggle}
            />
          )}
        </QueryState>
      )}
      <ErrorText id="tx-Origin-error" message={error} block />
    </fieldset>
  );
}

/** Date, Shares and Cost on one row; Shares says when the company issues whole shares only. */
export function AmountRow({ wholeSharesOnly = false }: { wholeSharesOnly?: boolean }) {
  return (
    <Row>
      <FormField {...field('ShareDate')} id="tx-date" label="Date" md={4}>
        <DateInput required />
      </FormField>
      <FormField
        {...field('Shares')}
        id="tx-shares"
        label="Shares"
        md={4}
        {...(wholeSharesOnly ? { description: 'Whole shares only (company setting).' } : {})}
      >
        <NumberInput required />
      </FormField>
      <FormField
        {...field('Cost')}
        id="tx-cost"
        label="Cost"
        md={4}
        description="Price per share in US dollars."
      >
        <NumberInput />
      </FormField>
    </Row>
  );
}

/** A Cancel's Reason (required here or in Notes), then Notes. */
export function NoteFields({ type }: { type: OperationType }) {
  return (
    <>
      {type === 'Cancel' && (
        <FormField
          {...field('Reason')}
          id="tx-reason"
          label="Reason"
          description={
            <>
              <strong className="text-danger">Required</strong>, here or in Notes: kept with the
              cancellation and shown in the holder&apos;s statement.
            </>
          }
        >
          <FieldControl as="textarea" rows={2} maxLength={1000} />
        </FormField>
      )}
      <FormField {...field('Notes')} id="tx-notes" label="Notes">
        <FieldControl as="textarea" rows={3} maxLength={1000} />
      </FormField>
    </>
  );
}
