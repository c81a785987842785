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
import { AmountRow, NoteFields, OriginFieldset, TypeRow } from './transaction-fields';
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
 * Manage Shares: records a New Issue, Transfer, Convert to Preferred or Cancel.
 * `today`: the company's date, the form's default (routes/transaction-page.tsx).
 */
export function TransactionForm({ today }: { today: string }) {
  const form = useForm<RecordTransactionForm>({
    resolver: formResolver(recordTransactionForm, TRANSACTION_LABELS),
    defaultValues: emptyTransaction(today),
  });
  const { errors, isSubmitting } = form.formState;
  const holders = useTransactionHolders(form);
  const type = form.watch('Type');
  const certificates = useCertificates(needsOrigins(type) ? (holders.from?.id ?? null) : null);
  const { outcome, pending, submit } = useTransactionSubmit({
    form,
    today,
    holders,
    certificates: certificates.data?.rows ?? [],
  });

  return (
    <FormProvider {...form}>
      <Form
        id="transaction-form"
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
        <AmountRow />
        <NoteFields type={type} />
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
