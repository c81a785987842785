import { useSearchParams } from 'react-router';
import { PageTitle } from '../components/page-title';
import { StatementScreen } from '../features/statement/statement-screen';
import { InvalidParameter } from '../components/invalid-parameter';
import { RefusalNotice } from '../features/auth/refusal-notice';
import { useToday } from '../features/auth/use-today';

/** /view?SH_UID=: the holder's balance and statement. */
export default function ViewPage() {
  const [params] = useSearchParams();
  const holderId = params.get('SH_UID')?.trim();
  const today = useToday();
  return (
    <section aria-labelledby="page-title">
      <div className="no-print">
        <PageTitle title="Balance" />
      </div>
      <RefusalNotice />
      {holderId ? (
        <StatementScreen key={holderId} holderId={holderId} today={today} />
      ) : (
        <InvalidParameter />
      )}
    </section>
  );
}
