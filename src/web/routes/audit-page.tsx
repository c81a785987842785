import { PageTitle } from '../components/page-title';
import { AuditScreen } from '../features/audit-trail/audit-screen';

/** /audit (administrators): who changed what, when and why, over a verified hash chain. */
export default function AuditPage() {
  return (
    <section aria-labelledby="page-title" className="audit-page">
      <PageTitle title="Audit trail" />
      <AuditScreen />
    </section>
  );
}
