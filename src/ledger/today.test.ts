import { describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE, isTimeZone, todayIn } from './today';

describe('todayIn', () => {
  // 2026-06-02 03:30 UTC: still June 1 in New York (UTC-4), already June 2 in Warsaw (UTC+2).
  const lateEvening = new Date('2026-06-02T03:30:00Z');
  // 2026-06-01 22:30 UTC: June 1 in New York, already June 2 in Warsaw (00:30).
  const pastMidnightInWarsaw = new Date('2026-06-01T22:30:00Z');

  it('gives the date on both sides of midnight, in two zones', () => {
    expect(todayIn('America/New_York', lateEvening)).toBe('2026-06-01');
    expect(todayIn('Europe/Warsaw', lateEvening)).toBe('2026-06-02');
    expect(todayIn('America/New_York', pastMidnightInWarsaw)).toBe('2026-06-01');
    expect(todayIn('Europe/Warsaw', pastMidnightInWarsaw)).toBe('2026-06-02');
    expect(todayIn('Europe/Warsaw', new Date('2026-06-01T21:59:59Z'))).toBe('2026-06-01');
  });

  it('answers each zone with its own formatter, built once, and refuses an unknown zone every time', () => {
    for (let i = 0; i < 3; i++) {
      expect(todayIn('Europe/Warsaw', pastMidnightInWarsaw)).toBe('2026-06-02');
      expect(todayIn('America/New_York', pastMidnightInWarsaw)).toBe('2026-06-01');
      expect(() => todayIn('Mars/Olympus', pastMidnightInWarsaw)).toThrow(RangeError);
    }
  });

  it('keeps a date for one second only: the next second may be another day', () => {
    const at = (iso: string) => todayIn('UTC', new Date(iso));
    expect(at('2026-06-01T23:59:59.000Z')).toBe('2026-06-01');
    expect(at('2026-06-01T23:59:59.999Z')).toBe('2026-06-01');
    expect(at('2026-06-02T00:00:00.000Z')).toBe('2026-06-02');
    expect(at('2026-06-01T23:59:59.500Z')).toBe('2026-06-01');
    // Liberia kept UTC-00:44:30 until 1972: midnight there was at 00:44:30 UTC.
    const monrovia = (iso: string) => todayIn('Africa/Monrovia', new Date(iso));
    expect(monrovia('1960-06-02T00:44:29.999Z')).toBe('1960-06-01');
    expect(monrovia('1960-06-02T00:44:30.000Z')).toBe('1960-06-02');
  });

  it('knows real zone names only', () => {
    expect(isTimeZone(DEFAULT_TIME_ZONE)).toBe(true);
    expect(isTimeZone('Europe/Warsaw')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });
});
