import { useForm } from 'react-hook-form';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { createApiKeyForm, type CreateApiKeyBody } from '../../../contract/api-keys';
import { apiKeyScopeLabels, apiKeyScopes } from '../../../contract/constants/api-keys';
import { ApiError } from '../../lib/api-client';
import { formResolver } from '../../components/form/form-resolver';
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
    <Form noValidate onSubmit={(e) => void submit(e)} aria-label="New API key">
      <Form.Group className="mb-3" controlId="api-key-name">
        <Form.Label>Name</Form.Label>
        <Form.Control
          {...form.register('name')}
          placeholder="e.g. Nightly export"
          isInvalid={errors.name !== undefined}
          aria-describedby="api-key-name-error"
        />
        <Form.Control.Feedback type="invalid" id="api-key-name-error">
          {errors.name?.message}
        </Form.Control.Feedback>
      </Form.Group>
      <fieldset className="mb-3" aria-describedby="api-key-scopes-error">
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
        {errors.scopes && (
          <div className="invalid-feedback d-block" id="api-key-scopes-error">
            {errors.scopes.message}
          </div>
        )}
      </fieldset>
      {errors.root && <Alert variant="danger">{errors.root.message}</Alert>}
      <Button type="submit" disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? 'Creating…' : 'Create key'}
      </Button>
    </Form>
  );
}
