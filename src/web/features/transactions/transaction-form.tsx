import { FormProvider, useForm } from 'react-hook-form';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { recordTransactionForm, type RecordTransactionForm } from '../../../contract/ledger';
import { formResolver } from '../../components/form/form-resolver';
import { FormMessage } from '../../components/form/form-message';
import { SubmitButton } from '../../components/form/submit-button';
import { INFORMATION_NOT_SAVED, INFORMATION_SAVED } from '../../lib/save-messages';
import { useCertificates } from './api/use-certificates';
import { HolderPicker } from './holder-picker';
import { ConsiderationFields } from './consideration-fields';
import { AmountRow, NoteFields, OriginFieldset, TypeRow } from './transaction-fields';
import { TransactionReview } from './transaction-review';
import { TransactionReceipt } from './transaction-receipt';
import {
  emptyTransaction,
  needsOrigins,
  needsRecipient,
  TRANSACTION_LABELS,
} from './transaction-values';
import { useTransactionHolders } from './use-transaction-holders';
import { useTransactionSubmit, type TransactionOutcome } from './use-transaction-submit';

// The spec uses the profile's texts for transactions too (section 8, lib/save-messages.ts). A
// refusal the person can fix says what to fix, next to the field.
export const TRANSACTION_FIX = 'Not recorded yet: correct the field marked below and submit again.';

/**
 * Manage Shares: records a New Issue, Transfer, Convert to Preferred or Cancel, after a review
 * of what it will do. `today`: the company's date, the form's default; `wholeSharesOnly`: the
 * company's setting when known (routes/transaction-page.tsx).
 */
export function TransactionForm({
  today,
  wholeSharesOnly,
}: {
  today: string;
  wholeSharesOnly?: boolean | undefined;
}) {
  const form = useForm<RecordTransactionForm>({
    resolver: formResolver(recordTransactionForm, TRANSACTION_LABELS),
    defaultValues: emptyTransaction(today),
  });
  const { errors, isSubmitting } = form.formState;
  const holders = useTransactionHolders(form);
  const type = form.watch('Type');
  const certificates = useCertificates(needsOrigins(type) ? (holders.from?.id ?? null) : null);
  const submitting = useTransactionSubmit({
    form,
    today,
    holders,
    certificates: certificates.data?.rows ?? [],
    wholeSharesOnly: wholeSharesOnly === true,
  });
  const { outcome, pending, submit, review } = submitting;

  return (
    <FormProvider {...form}>
      {review && (
        <TransactionReview
          review={review}
          pending={submitting.recording}
          onBack={submitting.back}
          onRecord={submitting.confirm}
        />
      )}
      <Form
        id="transaction-form"
        hidden={review !== null}
        noValidate
        onSubmit={(e) => void submit(e)}
        aria-labelledby="page-title"
      >
        <FormMessage news={outcome}>
          <OutcomeMessage outcome={outcome} />
        </FormMessage>
        <TypeRow type={type} onTypeChange={holders.typeChanged} />
        <HolderPicker
          key={`from-${holders.pickerKey}`}
          label="From Shareholder"
          name="from"
          value={holders.from}
          error={errors.ShareholderId?.message}
          hint={type === 'New Issue' ? 'This shareholder receives the new shares.' : undefined}
          onChange={holders.pickFrom}
        />
        {needsRecipient(type) && (
          <HolderPicker
            key={`to-${holders.pickerKey}`}
            label="To Shareholder"
            name="to"
            value={holders.to}
            error={errors.DestinationShareholderId?.message}
            excludeId={holders.from?.id}
            onChange={holders.pickTo}
          />
        )}
        {needsOrigins(type) && (
          <OriginFieldset type={type} from={holders.from} certificates={certificates} />
        )}
        <AmountRow wholeSharesOnly={wholeSharesOnly === true} />
        <NoteFields type={type} />
        <ConsiderationFields />
        <SubmitButton pending={pending || isSubmitting} pendingLabel="Submitting…">
          Submit Transaction
        </SubmitButton>
      </Form>
    </FormProvider>
  );
}

/** The receipt of what was recorded, or why not. */
function OutcomeMessage({ outcome }: { outcome: TransactionOutcome | null }) {
  if (!outcome) return null;
  if (outcome.kind === 'saved')
    return <TransactionReceipt receipt={outcome.receipt} saved={INFORMATION_SAVED} />;
  return (
    <Alert variant={outcome.kind === 'fix' ? 'warning' : 'danger'}>
      {outcome.kind === 'fix' ? TRANSACTION_FIX : INFORMATION_NOT_SAVED}
      {outcome.detail && <span className="d-block small mt-1">{outcome.detail}</span>}
    </Alert>
  );
}
