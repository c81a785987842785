import { useEffect, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { LEDGER_ERROR_MESSAGES } from '../../../ledger';
import type { CertificateRow, RecordTransactionForm } from '../../../contract/ledger';
import type { PickedHolder } from './holder-picker';
import { usePreviewTransaction } from './api/use-preview-transaction';
import { useRecordTransaction } from './api/use-record-transaction';
import { keyAfterAttempt } from './idempotency-key';
import { refusalOf } from './refusal-text';
import type { Receipt } from './transaction-receipt';
import type { Review } from './transaction-review';
import {
  emptyTransaction,
  hasFraction,
  needsRecipient,
  transactionBody,
} from './transaction-values';
import type { TransactionHolders } from './use-transaction-holders';

const FRACTIONAL = LEDGER_ERROR_MESSAGES['LEDGER.FRACTIONAL_SHARES'];
const SUBMIT = '#transaction-form button[type="submit"]';

export type TransactionOutcome =
  { kind: 'saved'; receipt: Receipt } | { kind: 'fix' | 'failed'; detail?: string };

/** What the banner says of a refusal (the banner takes the focus: FormMessage). */
function outcomeOf(refusal: ReturnType<typeof refusalOf>): TransactionOutcome {
  return {
    kind: refusal.fixable ? 'fix' : 'failed',
    ...(refusal.field ? {} : { detail: refusal.message }),
  };
}

const focusFirstInvalid = () =>
  setTimeout(() =>
    document.querySelector<HTMLElement>('#transaction-form [aria-invalid="true"]')?.focus(),
  );

/**
 * Submit asks the server what the values would record (the review step, nothing written);
 * Record then sends them, once per set of values (one idempotency key per set: a double click
 * or a retry records once; idempotency-key.ts), and says how it went. `wholeSharesOnly`, when
 * known, refuses a fraction of a share before anything is sent.
 */
export function useTransactionSubmit(props: {
  form: UseFormReturn<RecordTransactionForm>;
  today: string;
  holders: TransactionHolders;
  certificates: CertificateRow[];
  wholeSharesOnly?: boolean;
}) {
  const { form, today, holders } = props;
  const [outcome, setOutcome] = useState<TransactionOutcome | null>(null);
  const [review, setReview] = useState<(Review & { values: RecordTransactionForm }) | null>(null);
  const keyRef = useRef<string>(crypto.randomUUID());
  const record = useRecordTransaction();
  const preview = usePreviewTransaction();

  useEffect(() => {
    const values = form.watch(() => (keyRef.current = crypto.randomUUID()));
    return () => values.unsubscribe();
  }, [form.watch]);

  const refused = (e: unknown) => {
    const refusal = refusalOf(e, props.certificates);
    if (refusal.field) form.setError(refusal.field, { type: 'server', message: refusal.message });
    setOutcome(outcomeOf(refusal));
  };

  const onValid = async (values: RecordTransactionForm) => {
    setOutcome(null);
    if (props.wholeSharesOnly && hasFraction(values.Shares)) {
      form.setError('Shares', { type: 'setting', message: FRACTIONAL }, { shouldFocus: true });
      return;
    }
    const body = transactionBody(values);
    try {
      setReview({ values, body, preview: await preview.mutateAsync(body) });
    } catch (e) {
      refused(e);
    }
  };

  const confirm = async () => {
    if (!review) return;
    const { body, values } = review;
    try {
      const response = await record.mutateAsync({ body, idempotencyKey: keyRef.current });
      keyRef.current = keyAfterAttempt(keyRef.current, undefined);
      const named = [holders.from, needsRecipient(values.Type) ? holders.to : null].filter(
        (h): h is PickedHolder => h !== null,
      );
      setReview(null);
      setOutcome({ kind: 'saved', receipt: { response, holders: named, shares: body.Shares } });
      // The next entry starts empty; only the Type stays, for a run of the same kind.
      form.reset(emptyTransaction(today, values.Type));
      holders.clear();
    } catch (e) {
      keyRef.current = keyAfterAttempt(keyRef.current, e);
      setReview(null);
      refused(e);
    }
  };
  const back = () => {
    setReview(null);
    setTimeout(() => document.querySelector<HTMLElement>(SUBMIT)?.focus());
  };
  const onInvalid = () => {
    setOutcome(null);
    // The company's whole-shares rule is told with the other fields' problems.
    if (props.wholeSharesOnly && hasFraction(form.getValues('Shares').replace(/,/g, '')))
      form.setError('Shares', { type: 'setting', message: FRACTIONAL });
    focusFirstInvalid();
  };
  return {
    outcome,
    review,
    back,
    confirm: () => void confirm(),
    pending: preview.isPending,
    recording: record.isPending,
    submit: form.handleSubmit(onValid, onInvalid),
  };
}
