/**
 * The interest an investor is projected to receive on a deal (issue 23 "Trust at first sight":
 * "the deal page shows, for the amount typed, the projected monthly and total interest at the
 * investor rate"). Pure and exact: the same module answers on the server (the page without
 * JavaScript, a GET form) and in the browser (live while typing).
 *
 * Units: the amount in whole US dollars, the annual rate in percent with at most two decimals
 * (the deal's `interest_rate` column, numeric(5,2)), the term in whole months; results in integer
 * cents.
 *
 * Rounding, once: the monthly interest is simple interest of one twelfth of the annual rate,
 * `amount × rate / 12`, rounded to the cent half up (money.ts's `monthlyInterestCents`). The
 * total is that monthly cent figure times the months of the term, as the investor receives it
 * month by month: no second rounding. All integer arithmetic, so an amount of any size is exact.
 */
import { monthlyInterestCents } from './money';

/** The projected interest of one amount: each month's and the term's, in integer cents. */
export interface ProjectedInterest {
  /** Interest each month, cents. */
  monthlyCents: number;
  /** Interest over the whole term (monthly × months), cents. */
  totalCents: number;
}

/**
 * The projected interest on `amount` whole dollars at `ratePercent` a year for `termMonths`
 * months (see the module's note on rounding). Returns null for an amount that is not a whole,
 * positive number of dollars, or a rate or term out of range (the page then shows nothing).
 */
export function projectedInterest(amount: number, ratePercent: number, termMonths: number): ProjectedInterest | null {
  if (!Number.isSafeInteger(amount) || amount <= 0) return null;
  if (!Number.isFinite(ratePercent) || ratePercent < 0 || ratePercent > 100) return null;
  if (!Number.isSafeInteger(termMonths) || termMonths <= 0) return null;
  const monthly = BigInt(monthlyInterestCents(amount, ratePercent));
  return { monthlyCents: Number(monthly), totalCents: Number(monthly * BigInt(termMonths)) };
}
