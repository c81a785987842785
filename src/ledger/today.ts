/** Where a company is when it says "today" unless it says otherwise (most US registries). */
export const DEFAULT_TIME_ZONE = 'America/New_York';

/** Whether the runtime knows this IANA time zone name (e.g. "Europe/Warsaw"). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone.length > 0;
  } catch {
    return false;
  }
}

/** At most this many zones keep a formatter (there are about 600 IANA names). */
const ZONES_MAX = 1000;

interface ZoneDay {
  /** Building one costs about 40 µs, using one several. */
  formatter: Intl.DateTimeFormat;
  /** The last date worked out, and the second of time it holds for. */
  second: number;
  date: string;
}
const zones = new Map<string, ZoneDay>();

function zoneDay(zone: string): ZoneDay {
  let day = zones.get(zone);
  if (day === undefined) {
    const formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    day = { formatter, second: Number.NaN, date: '' };
    if (zones.size < ZONES_MAX) zones.set(zone, day);
  }
  return day;
}

/**
 * The calendar date, YYYY-MM-DD, in a time zone at an instant: at 23:30 in New York on June 1
 * it is already June 2 in UTC, and a share transaction dated "today" must say June 1. Worked out
 * once per zone and second (UTC offsets are whole seconds, so a date never changes inside one):
 * a busy server asks many times a second.
 */
export function todayIn(zone: string, now: Date = new Date()): string {
  const day = zoneDay(zone);
  const second = Math.floor(now.getTime() / 1000);
  if (day.second !== second) {
    const parts = day.formatter.formatToParts(now);
    const part = (type: string) => parts.find((p) => p.type === type)!.value;
    day.date = `${part('year')}-${part('month')}-${part('day')}`;
    day.second = second;
  }
  return day.date;
}
