import { useSearchParams } from 'react-router';
import { PageTitle } from '../components/page-title';
import { QueryState } from '../components/query-state';
import { ProfileForm } from '../features/profile/profile-form';
import { useProfile } from '../features/profile/api/use-profile';
import { InvalidParameter } from '../components/invalid-parameter';
import { useSession } from '../features/auth/api/use-session';
import { HolderStatus } from '../features/shareholders/holder-status';

function ProfileScreen({ holderId }: { holderId: string }) {
  const query = useProfile(holderId);
  const { user } = useSession();
  return (
    <>
      {/* Whose profile it is, once known. */}
      <PageTitle
        title={query.data ? `Profile of ${query.data.fullName || query.data.name}` : 'Profile'}
      />
      <QueryState query={query} what="the profile">
        {(profile) => (
          <>
            <ProfileForm
              key={profile.id}
              profile={profile}
              own={profile.id === user?.SH_ID}
              readOnly={user?.isReadOnly ?? false}
            />
            {user?.isAdmin && profile.id !== user.SH_ID && <HolderStatus profile={profile} />}
          </>
        )}
      </QueryState>
    </>
  );
}

/** /profile?SH_UID=: a holder's contact details. */
export default function ProfilePage() {
  const [params] = useSearchParams();
  const holderId = params.get('SH_UID')?.trim();
  return (
    <section aria-labelledby="page-title" className="profile-page">
      {holderId ? (
        <ProfileScreen key={holderId} holderId={holderId} />
      ) : (
        <>
          <PageTitle title="Profile" />
          <InvalidParameter />
        </>
      )}
    </section>
  );
}
