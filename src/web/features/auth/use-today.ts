import { DEFAULT_TIME_ZONE } from '../../../ledger';
import { todayIso } from '../../lib/format';
import { useSession } from './api/use-session';

/** Today as the company counts it (its time zone, from userInfo), not the browser's. */
export function useToday(): string {
  const { user } = useSession();
  return todayIso(user?.timeZone ?? DEFAULT_TIME_ZONE);
}
