import { z } from 'zod';
import { MIN_DATE } from '../../contract/common';
import { formatDate } from './format';
import { useAddressParams } from './use-address-params';

/** What is wrong with an as-of date, or null: a date from 1900 to the company's today. */
export type AsOfProblem = 'not-a-date' | 'too-early' | 'after-today' | null;

const calendarDate = z.iso.date();

export function asOfProblem(value: string, today: string): AsOfProblem {
  if (!calendarDate.safeParse(value).success) return 'not-a-date';
  if (value < MIN_DATE) return 'too-early';
  // Both YYYY-MM-DD: the text order is the calendar's.
  return value > today ? 'after-today' : null;
}

/** What the date input says under a date it refuses. */
export function asOfInputRefusal(problem: AsOfProblem, today: string): string | null {
  if (problem === 'after-today')
    return `The as-of date cannot be after today (${formatDate(today)}).`;
  if (problem === 'too-early') return `The as-of date cannot be before ${formatDate(MIN_DATE)}.`;
  if (problem === 'not-a-date') return `Enter a date up to today (${formatDate(today)}).`;
  return null;
}

/** What a screen says when the address's as-of date cannot be used. */
export function asOfAddressNotice(value: string, problem: AsOfProblem): string | null {
  if (problem === null) return null;
  const what =
    problem === 'after-today'
      ? `${formatDate(value)}, is after today`
      : problem === 'too-early'
        ? `“${value}”, is before ${formatDate(MIN_DATE)}`
        : `“${value}”, is not a date`;
  return `The as-of date in the address, ${what}. Showing today's figures.`;
}

export interface AsOfParam {
  /** The date shown: the address's when it can be used, otherwise today. */
  asOf: string;
  /** What the API is sent: nothing for today, or for a date in the address that fell back to it. */
  param: string | undefined;
  /** Why the address's date was not used, or null. */
  notice: string | null;
  /** Puts a date in the address (null: today, which the address leaves out). */
  set: (asOf: string | null) => void;
}

/**
 * The report's as-of date from the address (?asOf=): a date that is not one, or is after the
 * company's today, falls back to today with a notice (the API would refuse it).
 */
export function useAsOfParam(today: string): AsOfParam {
  const [params, update] = useAddressParams();
  const raw = params.get('asOf');
  const problem = raw === null || raw === '' ? null : asOfProblem(raw, today);
  const usable = raw !== null && raw !== '' && problem === null ? raw : undefined;
  return {
    asOf: usable ?? today,
    param: usable === today ? undefined : usable,
    notice: raw === null ? null : asOfAddressNotice(raw, problem),
    set: (asOf) => update({ asOf }),
  };
}
