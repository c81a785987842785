import { Link, Navigate } from 'react-router';
import { webRoutes } from '../../contract/web-routes';
import { LoadingProgress } from '../components/loading-progress';
import { PageTitle } from '../components/page-title';
import { useSession } from '../features/auth/api/use-session';
import { useToday } from '../features/auth/use-today';
import { DirectoryScreen } from '../features/directory/directory-screen';
import { statementPath } from '../lib/paths';

/** Administrators and read-only holders see the directory; a shareholder, their own statement. */
export default function HomePage() {
  const { status, user } = useSession();
  const today = useToday();
  if (status === 'loading') return <LoadingProgress />;
  if (user && !user.isAdmin && !user.isReadOnly && user.SH_ID)
    return <Navigate to={statementPath(user.SH_ID)} replace />;
  return (
    <section aria-labelledby="page-title">
      <div className="d-flex flex-wrap align-items-start justify-content-between column-gap-3">
        <PageTitle title="Shareholders" />
        {user?.isAdmin && (
          <Link className="btn btn-primary mb-3" to={webRoutes.newShareholder}>
            New shareholder
          </Link>
        )}
      </div>
      <DirectoryScreen today={today} />
    </section>
  );
}
