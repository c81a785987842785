import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { RecordTransactionForm } from '../../../contract/ledger';
import type { PickedHolder } from './holder-picker';

export type TransactionHolders = ReturnType<typeof useTransactionHolders>;

/**
 * The From and To holders the pickers show, kept in step with the form's ids. `pickerKey` gives
 * fresh pickers after a save or a change of type.
 */
export function useTransactionHolders(form: UseFormReturn<RecordTransactionForm>) {
  const [from, setFrom] = useState<PickedHolder | null>(null);
  const [to, setTo] = useState<PickedHolder | null>(null);
  const [pickerKey, setPickerKey] = useState(0);
  const validate = { shouldValidate: form.formState.isSubmitted };

  const pickFrom = (holder: PickedHolder | null) => {
    setFrom(holder);
    form.setValue('ShareholderId', holder?.id ?? '', validate);
    form.setValue('Origin', []);
  };
  const pickTo = (holder: PickedHolder | null) => {
    setTo(holder);
    form.setValue('DestinationShareholderId', holder?.id ?? null, validate);
  };
  /** The type decides the rest: what it does not use is cleared. */
  const typeChanged = () => {
    form.setValue('Origin', []);
    pickTo(null);
    form.clearErrors();
    setPickerKey((k) => k + 1);
  };
  /** After a save the next entry starts with no holder. */
  const clear = () => {
    setFrom(null);
    setTo(null);
    setPickerKey((k) => k + 1);
  };
  return { from, to, pickerKey, pickFrom, pickTo, typeChanged, clear };
}
