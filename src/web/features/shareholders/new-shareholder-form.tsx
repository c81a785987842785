import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import type { ProfileResponse } from '../../../contract/ledger';
import {
  newShareholderBody,
  type NewShareholder,
  type NewShareholderBody,
} from '../../../contract/shareholders';
import { formResolver } from '../../components/form/form-resolver';
import { FormMessage } from '../../components/form/form-message';
import { SubmitButton } from '../../components/form/submit-button';
import { ApiError } from '../../lib/api-client';
import { useAddShareholder } from './api/use-add-shareholder';
import { ContactFields, IdentityFields } from './new-shareholder-fields';
import {
  NEW_SHAREHOLDER_LABELS,
  emptyNewShareholder,
  isNewShareholderField,
} from './new-shareholder-values';
import { profilePath, statementPath } from '../../lib/paths';

type Outcome =
  | { kind: 'added'; holder: ProfileResponse }
  | { kind: 'refused'; message: string }
  | { kind: 'error' };

/**
 * New shareholder: who they are and how to reach them. After the save, a receipt with the next
 * steps (their statement, a New Issue, another holder), and an empty form.
 */
export function NewShareholderForm() {
  const form = useForm<NewShareholderBody, unknown, NewShareholder>({
    resolver: formResolver(newShareholderBody, NEW_SHAREHOLDER_LABELS),
    defaultValues: emptyNewShareholder(),
  });
  const add = useAddShareholder();
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const onValid = async (values: NewShareholder) => {
    setOutcome(null);
    try {
      const holder = await add.mutateAsync(values);
      form.reset(emptyNewShareholder());
      setOutcome({ kind: 'added', holder });
    } catch (e) {
      if (!(e instanceof ApiError) || e.status === 0) return setOutcome({ kind: 'error' });
      if (isNewShareholderField(e.field))
        form.setError(e.field, { type: 'server', message: e.message }, { shouldFocus: true });
      else setOutcome({ kind: 'refused', message: e.message });
    }
  };

  return (
    <FormProvider {...form}>
      <Form
        noValidate
        aria-labelledby="page-title"
        onSubmit={(e) => void form.handleSubmit(onValid, () => setOutcome(null))(e)}
      >
        <FormMessage news={outcome}>
          <OutcomeMessage outcome={outcome} />
        </FormMessage>
        <IdentityFields />
        <ContactFields />
        <SubmitButton pending={add.isPending} pendingLabel="Adding…">
          Add shareholder
        </SubmitButton>
      </Form>
    </FormProvider>
  );
}

/** The receipt after an add, or why nothing was added. */
function OutcomeMessage({ outcome }: { outcome: Outcome | null }) {
  if (outcome?.kind === 'error')
    return <Alert variant="danger">The server could not be reached. Nothing was added.</Alert>;
  if (outcome?.kind === 'refused')
    return <Alert variant="danger">Nothing was added: {outcome.message}</Alert>;
  if (outcome?.kind !== 'added') return null;
  const { holder } = outcome;
  const id = encodeURIComponent(holder.id);
  return (
    <Alert variant="success">
      <p className="mb-1">
        <strong>{holder.name}</strong> was added to the registry, with no shares yet.
      </p>
      <ul className="mb-0">
        <li>
          <Link className="alert-link" to={statementPath(id)}>
            Open their statement
          </Link>
        </li>
        <li>
          <Link className="alert-link" to="/transaction">
            Record a New Issue in Manage Shares
          </Link>
        </li>
        <li>
          <Link className="alert-link" to={profilePath(id)}>
            Edit their profile
          </Link>
        </li>
      </ul>
    </Alert>
  );
}
