import { Link, useParams } from 'react-router';
import { webRoutes } from '../../contract/web-routes';
import { PageTitle } from '../components/page-title';
import { useSession } from '../features/auth/api/use-session';
import { useCertificateRecord } from '../features/certificates/api/use-certificate-register';
import { CertificateScreen } from '../features/certificates/certificate-screen';

/**
 * /certificates/:id: one certificate (administrators and read-only users: any; a holder: their
 * own). Those who may open the register are led back to it.
 */
export default function CertificatePage() {
  const id = useParams().id ?? '';
  const { user } = useSession();
  const label = useCertificateRecord(id).data?.record.certificate;
  return (
    <section aria-labelledby="page-title">
      {(user?.isAdmin || user?.isReadOnly) && (
        <p className="mb-2 no-print">
          <Link to={webRoutes.certificates}>← Certificate register</Link>
        </p>
      )}
      <PageTitle title={label ? `Certificate ${label}` : 'Certificate'} />
      <CertificateScreen key={id} id={id} />
    </section>
  );
}
