import { todayIn } from '../../ledger';

// The formats are shared with the statement PDF (contract/format.ts); only "today" is the web's.
export * from '../../contract/format';

/** Today in a time zone (the company's), as YYYY-MM-DD (the value of a date input). */
export function todayIso(timeZone: string, now: Date = new Date()): string {
  return todayIn(timeZone, now);
}
