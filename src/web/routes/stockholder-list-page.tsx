import { PageTitle } from '../components/page-title';
import { useToday } from '../features/auth/use-today';
import { StockholderListScreen } from '../features/stockholder-list/stockholder-list-screen';

/** /stockholder-list (administrators): the holders of record on a date (DGCL §219), to print. */
export default function StockholderListPage() {
  const today = useToday();
  return (
    <section aria-labelledby="page-title">
      <PageTitle title="Stockholder List" />
      <StockholderListScreen today={today} />
    </section>
  );
}
