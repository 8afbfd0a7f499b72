/**
 * `isCalendarDay` (app/lib/format.ts) computes what the Date round trip it replaced said: a real
 * day of the proleptic Gregorian calendar, years 0001 to 9999, written 'YYYY-MM-DD'.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isCalendarDay } from './format';

/** The earlier definition: the day survives a round trip through a UTC Date. */
function byDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || value < '0001-01-01') return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

describe('isCalendarDay', () => {
  it('knows leap years, month lengths and the bounds (worked examples)', () => {
    for (const day of ['2024-02-29', '2000-02-29', '2026-12-31', '0001-01-01', '9999-12-31', '2026-04-30'])
      expect(isCalendarDay(day), day).toBe(true);
    for (const day of [
      '2026-02-29',
      '1900-02-29',
      '2026-04-31',
      '2026-13-01',
      '2026-00-10',
      '2026-01-00',
      '0000-12-31',
      '2026-1-01',
      '2026-01-01T00:00',
      ' 2026-01-01',
    ])
      expect(isCalendarDay(day), day).toBe(false);
  });

  it('agrees with the Date round trip on any year, month and day written with four, two and two digits', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 9999 }),
        fc.integer({ min: 0, max: 99 }),
        fc.integer({ min: 0, max: 99 }),
        (y, m, d) => {
          const value = `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`;
          expect(isCalendarDay(value)).toBe(byDate(value));
        },
      ),
      { numRuns: 20_000 },
    );
  });

  it('agrees with the Date round trip on any text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), (value) => {
        expect(isCalendarDay(value)).toBe(byDate(value));
      }),
    );
  });
});
