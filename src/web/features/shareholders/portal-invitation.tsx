import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import type { ProfileResponse } from '../../../contract/ledger';
import { ApiError } from '../../lib/api-client';
import { useInviteHolder } from './api/use-invite-holder';

const PORTAL_WORDS: Record<ProfileResponse['portal'], string> = {
  none: 'not invited yet',
  invited: 'invited, no password chosen yet',
  active: 'signed up',
};

/** Where the holder stands with the portal, and the invitation an administrator sends. */
export function PortalInvitation({ profile }: { profile: ProfileResponse }) {
  const invite = useInviteHolder();
  const [news, setNews] = useState<{ ok: boolean; text: string } | null>(null);
  const send = async () => {
    setNews(null);
    try {
      await invite.mutateAsync(profile.id);
      setNews({
        ok: true,
        text: `An invitation was sent to ${profile.email}. Its link works for 30 minutes.`,
      });
    } catch (e) {
      setNews({
        ok: false,
        text:
          e instanceof ApiError && e.status > 0 ? e.message : 'The server could not be reached.',
      });
    }
  };
  const canInvite = profile.active && profile.email !== null && profile.portal !== 'active';
  return (
    <div className="mb-3">
      <p className="mb-2">Portal: {PORTAL_WORDS[profile.portal]}.</p>
      {news && (
        <Alert variant={news.ok ? 'success' : 'danger'} role={news.ok ? 'status' : 'alert'}>
          {news.text}
        </Alert>
      )}
      {canInvite && (
        <Button variant="outline-primary" disabled={invite.isPending} onClick={() => void send()}>
          {profile.portal === 'invited' ? 'Send the invitation again' : 'Invite to the portal'}
        </Button>
      )}
      {profile.active && profile.email === null && (
        <p className="small text-body-secondary mb-0">Add an e-mail address to invite them.</p>
      )}
    </div>
  );
}
