import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import type { ProfileResponse } from '../../../contract/ledger';
import { ApiError } from '../../lib/api-client';
import { useHolderAccess } from './api/use-holder-access';

const ACCESS_WORDS = {
  holder: 'their own shares and statement',
  'read-only':
    'read-only: the whole registry (directory, statements, certificates, ledger, audit trail), changing nothing',
  administrator: 'administrator: everything',
} as const;

/**
 * An administrator's control of what the holder's login may see: their own records, or the whole
 * registry read-only (a board member, auditor or counsel). Administrators are made elsewhere.
 */
export function HolderAccess({ profile }: { profile: ProfileResponse }) {
  const change = useHolderAccess();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const next = profile.access === 'read-only' ? 'holder' : 'read-only';

  const submit = async () => {
    setRefusal(null);
    setDone(null);
    try {
      const after = await change.mutateAsync({ id: profile.id, access: next });
      setDone(`Access changed: ${ACCESS_WORDS[after.access]}.`);
    } catch (e) {
      setRefusal(
        e instanceof ApiError && e.status > 0 ? e.message : 'The server could not be reached.',
      );
    }
  };

  return (
    <div className="mb-3">
      <p className="mb-2">Access: {ACCESS_WORDS[profile.access]}.</p>
      {done && (
        <Alert variant="success" role="status">
          {done}
        </Alert>
      )}
      {refusal && (
        <Alert variant="danger" role="alert">
          {refusal}
        </Alert>
      )}
      {profile.access !== 'administrator' && (
        <Button variant="outline-primary" disabled={change.isPending} onClick={() => void submit()}>
          {next === 'read-only' ? 'Give read-only access to the registry' : 'Limit to own records'}
        </Button>
      )}
    </div>
  );
}
