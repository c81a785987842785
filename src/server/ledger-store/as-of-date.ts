import { todayIn } from '../../ledger';
import { AppError } from '../http/app-error';

/**
 * The date a report (directory, statement, its PDF) is as of: `asOf`, or the company's today
 * when there is none. A later date is refused (400 naming asOf): nothing is known about it yet,
 * and a figure dated tomorrow would read as a promise.
 */
export function asOfDate(asOf: string | undefined, timeZone: string): string {
  const today = todayIn(timeZone);
  if (asOf === undefined) return today;
  if (asOf > today)
    throw new AppError({
      code: 'HTTP.VALIDATION',
      message:
        `asOf: ${asOf} is after today (${today} in ${timeZone}); ` +
        'a report can only be as of today or an earlier date.',
      field: 'asOf',
    });
  return asOf;
}
