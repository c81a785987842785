import { useState } from 'react';
import { CopyField } from '../components/copy-field';
import { PageTitle } from '../components/page-title';
import { QueryState } from '../components/query-state';
import { ApiKeyTable } from '../features/api-keys/api-key-table';
import { NewApiKeyForm } from '../features/api-keys/new-api-key-form';
import { NewKeyNotice } from '../features/api-keys/new-key-notice';
import { useApiKeys } from '../features/api-keys/api/use-api-keys';
import { useSession } from '../features/auth/api/use-session';

/** /api-keys (administrators): machine access to this company's data, by key. */
export default function ApiKeysPage() {
  const query = useApiKeys();
  const { user } = useSession();
  const [created, setCreated] = useState<{ key: string; name: string } | null>(null);
  return (
    <section aria-labelledby="page-title" className="api-keys-page">
      <PageTitle title="API Keys" />
      <p className="text-body-secondary">
        Programs send a key as the <code>X-API-Key</code> header; it reaches only what its scopes
        name, in this company.
      </p>
      {user?.organizationId && (
        <div className="organization-id mb-4">
          <CopyField
            id="organization-id"
            label="Organization id"
            value={user.organizationId}
            help="This company's id. A program that sends the x-organization-id header (or organizationId in a gateway request) must send this value."
          />
        </div>
      )}
      {created && (
        <NewKeyNotice name={created.name} apiKey={created.key} onDone={() => setCreated(null)} />
      )}
      <QueryState query={query} what="the API keys">
        {(data) => <ApiKeyTable rows={data.rows} />}
      </QueryState>
      <h2 className="h5 mt-4">New key</h2>
      <NewApiKeyForm onCreated={(key, name) => setCreated({ key, name })} />
    </section>
  );
}
