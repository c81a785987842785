import { FormProvider, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import {
  saveProfileForm,
  type ProfileResponse,
  type SaveProfileForm,
} from '../../../contract/ledger';
import { formResolver } from '../../components/form/form-resolver';
import { FormMessage } from '../../components/form/form-message';
import { SubmitButton } from '../../components/form/submit-button';
import { INFORMATION_NOT_SAVED, INFORMATION_SAVED } from '../../lib/save-messages';
import { ProfileFields } from './profile-fields';
import { PROFILE_LABELS, profileValues } from './profile-values';
import { useProfileSubmit, type ProfileOutcome } from './use-profile-submit';
import { statementPath } from '../../lib/paths';

// The spec's third message (section 8), word for word: the server could not be reached.
export const PROFILE_SAVE_ERROR = 'An error occurred while saving. Please try again.';

export const READ_ONLY_NOTE =
  'Your access is read-only: you can see the registry but not change it. An administrator can change these details.';

/**
 * The spec's profile edit: Name, State, City, Address, Zip Code, Phone, Cell Phone, Notes, Save;
 * with Cancel (back to the saved values) and Back (where the user came from). A read-only holder
 * sees the fields and changes nothing (the server refuses their saves too).
 */
export function ProfileForm(props: { profile: ProfileResponse; own: boolean; readOnly?: boolean }) {
  const { profile, own, readOnly = false } = props;
  const form = useForm<SaveProfileForm>({
    resolver: formResolver(saveProfileForm, PROFILE_LABELS),
    defaultValues: profileValues(profile),
  });
  const { outcome, clearOutcome, pending, submit } = useProfileSubmit(form, profile.id);
  const navigate = useNavigate();

  const cancel = () => {
    form.reset(profileValues(profile));
    clearOutcome();
  };
  const back = () => {
    // Where the user came from, or the holder's statement when the page was opened directly.
    if (window.history.state && (window.history.state as { idx?: number }).idx) void navigate(-1);
    else void navigate(statementPath(profile.id));
  };

  return (
    <FormProvider {...form}>
      <Form noValidate onSubmit={(e) => void submit(e)} aria-labelledby="page-title">
        <FormMessage news={outcome}>
          <OutcomeMessage outcome={outcome} />
        </FormMessage>
        <fieldset disabled={readOnly}>
          <ProfileFields canEditName={profile.canEditName} own={own} hasEmail={!!profile.email} />
        </fieldset>
        {readOnly && <p className="text-body-secondary">{READ_ONLY_NOTE}</p>}
        <div className="d-flex flex-wrap gap-2">
          {!readOnly && (
            <>
              <SubmitButton pending={pending} pendingLabel="Saving…">
                Save
              </SubmitButton>
              <Button
                type="button"
                variant="outline-secondary"
                onClick={cancel}
                disabled={!form.formState.isDirty}
              >
                Cancel
              </Button>
            </>
          )}
          <Button type="button" variant="link" onClick={back}>
            Back
          </Button>
        </div>
      </Form>
    </FormProvider>
  );
}

/** The spec's words after a save; the server's reason below when no field is named. */
function OutcomeMessage({ outcome }: { outcome: ProfileOutcome | null }) {
  if (outcome?.kind === 'saved') return <Alert variant="success">{INFORMATION_SAVED}</Alert>;
  if (outcome?.kind === 'error') return <Alert variant="danger">{PROFILE_SAVE_ERROR}</Alert>;
  if (outcome?.kind !== 'not-saved') return null;
  return (
    <Alert variant="danger">
      <p className="mb-0">{INFORMATION_NOT_SAVED}</p>
      {outcome.detail && !outcome.field && <p className="small mt-1 mb-0">{outcome.detail}</p>}
    </Alert>
  );
}
