import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import type { ProfileResponse } from '../../../contract/ledger';
import { ApiError } from '../../lib/api-client';
import { useHolderActive } from './api/use-holder-active';
import { HolderAccess } from './holder-access';
import { PortalInvitation } from './portal-invitation';

/**
 * An administrator's control of whether the holder is active: deactivating (after a confirm)
 * takes them out of the directory and the pickers and ends their sign-in; their history stays.
 */
export function HolderStatus({ profile }: { profile: ProfileResponse }) {
  const change = useHolderActive();
  const [confirming, setConfirming] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const name = profile.fullName || profile.name;

  const submit = async (active: boolean) => {
    setRefusal(null);
    try {
      await change.mutateAsync({ id: profile.id, active });
      setConfirming(false);
    } catch (e) {
      setRefusal(
        e instanceof ApiError && e.status > 0 ? e.message : 'The server could not be reached.',
      );
    }
  };

  return (
    <section aria-labelledby="holder-status" className="border-top pt-3 mt-4">
      <h2 id="holder-status" className="h5">
        Status: {profile.active ? 'active' : 'inactive'}
      </h2>
      <PortalInvitation profile={profile} />
      <HolderAccess profile={profile} />
      {refusal && (
        <Alert variant="danger" role="alert">
          {refusal}
        </Alert>
      )}
      {!profile.active ? (
        <>
          <p>{name} is not in the directory and cannot sign in. Their history is kept.</p>
          <Button
            variant="outline-primary"
            disabled={change.isPending}
            onClick={() => void submit(true)}
          >
            Reactivate
          </Button>
        </>
      ) : confirming ? (
        <div role="group" aria-label="Confirm deactivation">
          <p>
            Deactivate {name}? They leave the directory and the pickers and can no longer sign in.
            Only a holder with no shares can be deactivated.
          </p>
          <div className="d-flex flex-wrap gap-2">
            <Button variant="danger" disabled={change.isPending} onClick={() => void submit(false)}>
              Deactivate {name}
            </Button>
            <Button variant="outline-secondary" onClick={() => setConfirming(false)}>
              Keep active
            </Button>
          </div>
        </div>
      ) : (
        <Button variant="outline-danger" onClick={() => setConfirming(true)}>
          Deactivate…
        </Button>
      )}
    </section>
  );
}
