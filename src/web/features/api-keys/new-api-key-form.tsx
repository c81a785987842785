import { FormProvider, useForm } from 'react-hook-form';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { createApiKeyForm, type CreateApiKeyBody } from '../../../contract/api-keys';
import { apiKeyScopeLabels, apiKeyScopes } from '../../../contract/constants/api-keys';
import { FieldControl } from '../../components/form/field-control';
import { ErrorText } from '../../components/form/field-error';
import { FormField } from '../../components/form/form-field';
import { formResolver } from '../../components/form/form-resolver';
import { SubmitButton } from '../../components/form/submit-button';
import { ApiError } from '../../lib/api-client';
import { useCreateApiKey } from './api/use-api-keys';

/** Name and scopes of a new key; on success the parent shows the key once. */
export function NewApiKeyForm({ onCreated }: { onCreated: (key: string, name: string) => void }) {
  const create = useCreateApiKey();
  const form = useForm<CreateApiKeyBody>({
    resolver: formResolver(createApiKeyForm, { name: 'Name', scopes: 'Scopes' }),
    defaultValues: { name: '', scopes: [] },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (body) => {
    try {
      const created = await create.mutateAsync(body);
      form.reset();
      onCreated(created.key, created.name);
    } catch (e) {
      if (e instanceof ApiError && e.field === 'name')
        form.setError('name', { message: e.message });
      else form.setError('root', { message: e instanceof Error ? e.message : String(e) });
    }
  });
  return (
    <FormProvider {...form}>
      <Form noValidate onSubmit={(e) => void submit(e)} aria-label="New API key">
        <FormField name="name" id="api-key-name" label="Name">
          <FieldControl placeholder="e.g. Nightly export" />
        </FormField>
        <fieldset
          className="mb-3"
          aria-describedby={errors.scopes ? 'api-key-scopes-error' : undefined}
        >
          <legend className="form-label fs-6">Scopes</legend>
          {apiKeyScopes.map((scope) => (
            <Form.Check
              key={scope}
              id={`scope-${scope}`}
              type="checkbox"
              value={scope}
              label={`${scope}: ${apiKeyScopeLabels[scope]}`}
              {...form.register('scopes')}
            />
          ))}
          <ErrorText id="api-key-scopes-error" message={errors.scopes?.message} block />
        </fieldset>
        {errors.root && <Alert variant="danger">{errors.root.message}</Alert>}
        <SubmitButton pending={form.formState.isSubmitting} pendingLabel="Creating…">
          Create key
        </SubmitButton>
      </Form>
    </FormProvider>
  );
}
