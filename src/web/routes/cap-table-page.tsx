import { PageTitle } from '../components/page-title';
import { useToday } from '../features/auth/use-today';
import { CapTableScreen } from '../features/cap-table/cap-table-screen';

/** /cap-table (administrators): classes, ownership and top holders as of a date. */
export default function CapTablePage() {
  const today = useToday();
  return (
    <section aria-labelledby="page-title">
      <PageTitle title="Cap Table" />
      <CapTableScreen today={today} />
    </section>
  );
}
