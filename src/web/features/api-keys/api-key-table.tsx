import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import type { ApiKeyRow } from '../../../contract/api-keys';
import { formatDate } from '../../lib/format';
import { useRevokeApiKey } from './api/use-api-keys';

/** The keys with their scopes and use; revoking asks once more. */
export function ApiKeyTable({ rows }: { rows: ApiKeyRow[] }) {
  const revoke = useRevokeApiKey();
  const [asking, setAsking] = useState<string | null>(null);
  if (rows.length === 0)
    return <p className="text-body-secondary">No API keys yet. Create one below.</p>;
  return (
    // Below 768 px each key is a card, every value labelled (styles.css, .stacked-table).
    <Table className="align-middle stacked-table">
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Scopes</th>
          <th scope="col">Key</th>
          <th scope="col">Created</th>
          <th scope="col">Last used</th>
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((k) => (
          <tr key={k.id}>
            <th scope="row">{k.name}</th>
            <td data-label="Scopes">{k.scopes.join(', ')}</td>
            <td data-label="Key" className="font-monospace">
              {k.prefix}…
            </td>
            <td data-label="Created">{formatDate(k.createdAt.slice(0, 10))}</td>
            <td data-label="Last used">
              {k.lastUsedAt ? formatDate(k.lastUsedAt.slice(0, 10)) : 'Never'}
            </td>
            <td className="text-end text-nowrap stacked-table-actions">
              {asking === k.id ? (
                <>
                  <Button
                    size="sm"
                    variant="danger"
                    onClick={() => revoke.mutate(k.id, { onSettled: () => setAsking(null) })}
                    disabled={revoke.isPending}
                  >
                    Revoke “{k.name}”
                  </Button>{' '}
                  <Button size="sm" variant="link" onClick={() => setAsking(null)}>
                    Keep
                  </Button>
                </>
              ) : (
                <Button size="sm" variant="outline-danger" onClick={() => setAsking(k.id)}>
                  Revoke
                </Button>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
