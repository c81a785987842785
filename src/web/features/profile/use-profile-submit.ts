import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { SaveProfileForm } from '../../../contract/ledger';
import { ApiError } from '../../lib/api-client';
import { useSaveProfile } from './api/use-save-profile';
import { isProfileField } from './profile-values';

export type ProfileOutcome = {
  kind: 'saved' | 'not-saved' | 'error';
  detail?: string;
  field?: string;
};

/** Saves the holder's profile and says how it went (the spec's three messages, section 8). */
export function useProfileSubmit(form: UseFormReturn<SaveProfileForm>, holderId: string) {
  const [outcome, setOutcome] = useState<ProfileOutcome | null>(null);
  const save = useSaveProfile();

  const onValid = async (fields: SaveProfileForm) => {
    setOutcome(null);
    try {
      const ok = await save.mutateAsync({ ShareholderId: holderId, ...fields });
      setOutcome(ok ? { kind: 'saved' } : { kind: 'not-saved' });
      // The saved values are the form's new start: Cancel goes back to them.
      if (ok) form.reset(fields);
    } catch (e) {
      // The server answered and refused (4xx/5xx): "not saved"; no answer at all: "error".
      if (e instanceof ApiError && e.status > 0) {
        setOutcome({ kind: 'not-saved', detail: e.message, field: e.field });
        if (isProfileField(e.field)) form.setError(e.field, { type: 'server', message: e.message });
      } else setOutcome({ kind: 'error' });
    }
  };
  // A refused field is the news now: an earlier banner would say the opposite.
  const onInvalid = () => setOutcome(null);
  return {
    outcome,
    clearOutcome: () => setOutcome(null),
    pending: save.isPending,
    submit: form.handleSubmit(onValid, onInvalid),
  };
}
