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
 * `amount × rate / 12`, rounded to the cent half up (a half cent goes up). The total is that
 * monthly cent figure times the months of the term, as the investor receives it month by month:
 * no second rounding. Everything in between is integer (BigInt) arithmetic, so an amount of any
 * size is exact.
 */

/** The projected interest of one amount: each month's and the term's, in integer cents. */
export interface ProjectedInterest {
  /** Interest each month, cents. */
  monthlyCents: number;
  /** Interest over the whole term (monthly × months), cents. */
  totalCents: number;
}

/**
 * The rate in hundredths of a percent: 10.25 → 1025. The rate has at most two decimals (its
 * column's scale), so rounding the product only removes binary noise (10.1 × 100 = 1009.99…).
 */
export function rateInBasisPoints(ratePercent: number): number {
  return Math.round(ratePercent * 100);
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
  const bp = BigInt(rateInBasisPoints(ratePercent));
  // amount dollars × 100 cents × bp / 10 000 / 12 months = amount × bp / 1 200 cents.
  const numerator = BigInt(amount) * bp;
  const denominator = 1200n;
  const monthly = (2n * numerator + denominator) / (2n * denominator);
  const total = monthly * BigInt(termMonths);
  return { monthlyCents: Number(monthly), totalCents: Number(total) };
}

/**
 * The whole-dollar amount a visitor typed ('$25,000', '25000', '25,000.00'), or null when it
 * is not one. Only digits, commas, a leading '$' and a '.00' ending are accepted.
 */
export function typedDollars(text: string | null | undefined): number | null {
  if (!text) return null;
  const plain = text
    .trim()
    .replace(/^\$/, '')
    .replace(/,/g, '')
    .replace(/\.0{1,2}$/, '');
  if (!/^\d{1,13}$/.test(plain)) return null;
  const n = Number(plain);
  return n > 0 ? n : null;
}
