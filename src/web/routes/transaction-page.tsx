import { PageTitle } from '../components/page-title';
import { QueryState } from '../components/query-state';
import { TransactionForm } from '../features/transactions/transaction-form';
import { useHolderOptions } from '../features/transactions/api/use-holder-options';
import { useToday } from '../features/auth/use-today';
import { useCompanySettings } from '../features/company-settings/api/use-company-settings';

/**
 * /transaction: Manage Shares (administrators; the route guard refuses others). The form's data
 * is the holder list: the loading bar until the first list arrives, an error panel with Retry if
 * it cannot be read.
 */
export default function TransactionPage() {
  const holders = useHolderOptions('');
  const today = useToday();
  // The whole-shares setting, told before sending once known (the server refuses it anyway).
  const settings = useCompanySettings();
  return (
    <section aria-labelledby="page-title" className="transaction-page">
      <PageTitle title="Manage Shares" />
      <QueryState query={holders} what="the shareholders">
        {() => <TransactionForm today={today} wholeSharesOnly={settings.data?.wholeSharesOnly} />}
      </QueryState>
    </section>
  );
}
