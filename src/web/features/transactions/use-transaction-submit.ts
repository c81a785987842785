import { useEffect, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { CertificateRow, RecordTransactionForm } from '../../../contract/ledger';
import type { PickedHolder } from './holder-picker';
import { useRecordTransaction } from './api/use-record-transaction';
import { keyAfterAttempt } from './idempotency-key';
import { refusalOf } from './refusal-text';
import type { Receipt } from './transaction-receipt';
import { emptyTransaction, needsRecipient, transactionBody } from './transaction-values';
import type { TransactionHolders } from './use-transaction-holders';

export type TransactionOutcome =
  { kind: 'saved'; receipt: Receipt } | { kind: 'fix' | 'failed'; detail?: string };

/**
 * Sends the form's values once per submission (one idempotency key per set of values: a double
 * click or a retry records once; idempotency-key.ts) and says how it went.
 */
export function useTransactionSubmit(props: {
  form: UseFormReturn<RecordTransactionForm>;
  today: string;
  holders: TransactionHolders;
  certificates: CertificateRow[];
}) {
  const { form, today, holders } = props;
  const [outcome, setOutcome] = useState<TransactionOutcome | null>(null);
  const keyRef = useRef<string>(crypto.randomUUID());
  const record = useRecordTransaction();

  useEffect(() => {
    const values = form.watch(() => (keyRef.current = crypto.randomUUID()));
    return () => values.unsubscribe();
  }, [form.watch]);

  const onValid = async (values: RecordTransactionForm) => {
    setOutcome(null);
    const body = transactionBody(values);
    try {
      const response = await record.mutateAsync({ body, idempotencyKey: keyRef.current });
      keyRef.current = keyAfterAttempt(keyRef.current, undefined);
      const named = [holders.from, needsRecipient(values.Type) ? holders.to : null].filter(
        (h): h is PickedHolder => h !== null,
      );
      setOutcome({ kind: 'saved', receipt: { response, holders: named, shares: body.Shares } });
      // The next entry starts empty; only the Type stays, for a run of the same kind.
      form.reset(emptyTransaction(today, values.Type));
      holders.clear();
    } catch (e) {
      keyRef.current = keyAfterAttempt(keyRef.current, e);
      const refusal = refusalOf(e, props.certificates);
      if (refusal.field) form.setError(refusal.field, { type: 'server', message: refusal.message });
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
  return { outcome, pending: record.isPending, submit: form.handleSubmit(onValid, onInvalid) };
}
