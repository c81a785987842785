import { useSearchParams } from 'react-router';
import type { HistoryRow } from '../../contract/ledger';
import { PageTitle } from '../components/page-title';
import { StatementScreen } from '../features/statement/statement-screen';
import { InvalidParameter } from '../components/invalid-parameter';
import { RefusalNotice } from '../features/auth/refusal-notice';
import { useToday } from '../features/auth/use-today';
import { useSession } from '../features/auth/api/use-session';
import { ReverseAction } from '../features/corrections/reverse-dialog';

/** /view?SH_UID=: the holder's balance and statement. */
export default function ViewPage() {
  const [params] = useSearchParams();
  const holderId = params.get('SH_UID')?.trim();
  const today = useToday();
  const { user } = useSession();
  // Administrators may reverse an operation from its history row (decision 122).
  const rowAction = user?.isAdmin ? (row: HistoryRow) => <ReverseAction row={row} /> : undefined;
  return (
    <section aria-labelledby="page-title">
      <div className="no-print">
        <PageTitle title="Balance" />
      </div>
      <RefusalNotice />
      {holderId ? (
        <StatementScreen
          key={holderId}
          holderId={holderId}
          today={today}
          rowAction={rowAction}
          readsRegistry={Boolean(user?.isAdmin || user?.isReadOnly)}
        />
      ) : (
        <InvalidParameter />
      )}
    </section>
  );
}
