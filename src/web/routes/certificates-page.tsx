import { PageTitle } from '../components/page-title';
import { ExportLinks } from '../components/export-links';
import { RegisterScreen } from '../features/certificates/register-screen';
import { useToday } from '../features/auth/use-today';

/** /certificates (administrators): the certificate register, and its export as of today. */
export default function CertificatesPage() {
  const today = useToday();
  return (
    <section aria-labelledby="page-title">
      <PageTitle title="Certificates" />
      <p className="text-body-secondary">
        Every certificate of the company: who holds it, what it was made from, the shares it was
        issued with and those left on it.
      </p>
      <div className="d-flex justify-content-end mb-2">
        <ExportLinks report="certificate-register" asOf={today} what="the certificate register" />
      </div>
      <RegisterScreen />
    </section>
  );
}
