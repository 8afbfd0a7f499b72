/**
 * Day counts and interest for the servicing ledger (issue 24 "Servicing"; the rules and formulas
 * are in app/lib/servicing/README.md, worked by hand in docs/servicing-golden-figures.md).
 *
 * Days are the lender's days (America/Los_Angeles) written 'YYYY-MM-DD', as `lenderDay()` in
 * app/lib/format.ts gives them. Counting between two of them is pure calendar arithmetic on the
 * day numbers (no clock, no zone), so a daylight-saving change cannot add or remove a day.
 *
 * Interest is money.ts's `dayInterestCents`: balance cents × days × rate ÷ 100 ÷ 360, rounded
 * half-up to the cent once per figure (a period's interest, or the per diem).
 */
import { isCalendarDay } from '../format';
import { dayInterestCents, type Cents } from '../money';

/** How a loan counts the days of a period (per loan, chosen at boarding). */
export type InterestMethod = '30/360' | 'actual/360';

export const INTEREST_METHODS: readonly InterestMethod[] = ['30/360', 'actual/360'];

/**
 * The day number of a lender's day (days since 1970-01-01).
 * @throws RangeError when `day` is not a real calendar day 'YYYY-MM-DD'.
 */
function dayNumber(day: string): number {
  if (!isCalendarDay(day)) throw new RangeError(`Not a calendar day (YYYY-MM-DD): ${day}`);
  return Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / 86_400_000;
}

/**
 * The actual number of days from `from` to `to` (negative when `to` is earlier): 2026-10-20 →
 * 2026-11-10 is 21, across the November daylight-saving change as on any other day.
 * @throws RangeError for a day that is not 'YYYY-MM-DD'.
 */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/**
 * The lender's day `days` after `day` (before it when negative): addDays('2026-10-31', 1) is
 * '2026-11-01'.
 * @throws RangeError for a day that is not 'YYYY-MM-DD'.
 */
export function addDays(day: string, days: number): string {
  return new Date((dayNumber(day) + days) * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Days from `from` to `to` under 30/360 US, the NASD rule (MSRB G-33): with Y, M, D the parts
 * of each day, a day 31 in `from` counts as 30; a day 31 in `to` counts as 30 when `from`'s day
 * is (then) 30; the end of February is not moved (Feb 28 → Mar 31 is 33 days; Feb 1 → Mar 1 is 30).
 * days = 360 × (Y2 − Y1) + 30 × (M2 − M1) + (D2 − D1).
 * @throws RangeError for a day that is not 'YYYY-MM-DD'.
 */
export function days360(from: string, to: string): number {
  dayNumber(from);
  dayNumber(to);
  const [y1, m1, d] = from.split('-').map(Number) as [number, number, number];
  const [y2, m2, e] = to.split('-').map(Number) as [number, number, number];
  const d1 = d === 31 ? 30 : d;
  const d2 = e === 31 && d1 === 30 ? 30 : e;
  return 360 * (y2 - y1) + 30 * (m2 - m1) + (d2 - d1);
}

/**
 * The days from `from` (counted) to `to` (not counted) under `method`: a period from the 1st of
 * a month to the 1st of the next is 30 under 30/360 and the month's length under Actual/360.
 * @throws RangeError for a day that is not 'YYYY-MM-DD'.
 */
export function periodDays(method: InterestMethod, from: string, to: string): number {
  return method === '30/360' ? days360(from, to) : daysBetween(from, to);
}

/**
 * Interest in cents on `balanceCents` from `from` (counted) to `to` (not counted) at
 * `ratePercent` a year (up to 3 decimals) under `method`: balance × days × rate ÷ 100 ÷ 360,
 * rounded half-up once. $100,000 at 12 % for October 2026 is $1,000.00 under 30/360 and
 * $1,033.33 under Actual/360 (31 days).
 * @throws RangeError for a bad day, a `to` before `from`, a negative balance or rate.
 */
export function periodInterestCents(
  balanceCents: Cents,
  ratePercent: number,
  { method, from, to }: { method: InterestMethod; from: string; to: string },
): Cents {
  const days = periodDays(method, from, to);
  if (days < 0) throw new RangeError(`A period that ends (${to}) before it starts (${from})`);
  return dayInterestCents(balanceCents * days, ratePercent);
}

/**
 * The per diem: one day's interest on `balanceCents` at `ratePercent` a year, balance × rate ÷
 * 100 ÷ 360, rounded half-up to the cent ($250,000 at 10.5 % → 7,291.66… → 7,292 cents). It is
 * the same under both methods (both divide the year into 360 days).
 * @throws RangeError for a negative balance or rate.
 */
export function perDiemCents(balanceCents: Cents, ratePercent: number): Cents {
  return dayInterestCents(balanceCents, ratePercent);
}
