import { PageTitle } from '../components/page-title';
import { AuditScreen } from '../features/audit-trail/audit-screen';
import { useCertificateRecord } from '../features/certificates/api/use-certificate-register';
import { useProfile } from '../features/profile/api/use-profile';

/** The holder's name once read (their id's first characters until then, or when not found). */
function HolderName({ id }: { id: string }) {
  return <>{useProfile(id).data?.fullName ?? id.slice(0, 8)}</>;
}

/** The certificate's number once read (its id's first characters until then). */
function CertificateLabel({ id }: { id: string }) {
  return <>{useCertificateRecord(id).data?.record.certificate ?? id.slice(0, 8)}</>;
}

const names = {
  holder: (id: string) => <HolderName id={id} />,
  certificate: (id: string) => <CertificateLabel id={id} />,
};

/** /audit (administrators): who changed what, when and why, over a verified hash chain. */
export default function AuditPage() {
  return (
    <section aria-labelledby="page-title" className="audit-page">
      <PageTitle title="Audit trail" />
      <AuditScreen names={names} />
    </section>
  );
}
