import { PageTitle } from '../components/page-title';
import { RegisterScreen } from '../features/certificates/register-screen';

/** /certificates (administrators): the certificate register. */
export default function CertificatesPage() {
  return (
    <section aria-labelledby="page-title">
      <PageTitle title="Certificates" />
      <p className="text-body-secondary">
        Every certificate of the company: who holds it, what it was made from, the shares it was
        issued with and those left on it.
      </p>
      <RegisterScreen />
    </section>
  );
}
