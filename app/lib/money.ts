/**
 * Money arithmetic, once for the whole platform (issue 23 "Trust at first sight"; docs/conventions.md
 * "Money is computed in integers"): whole dollars in, integer cents out, never floating point.
 * The program calculator (program-money.ts), the term sheet (term-sheet-money.ts) and an
 * investor's projected interest (investor-interest.ts) are built on these functions, so the
 * same loan at the same rate gives the same cents everywhere.
 *
 * Units: amounts in whole US dollars; rates and points in percent (9.25 is 9.25 %), read to the
 * thousandth of a percent (every stored rate has at most two decimals); results in integer cents.
 *
 * Rounding, stated once: a percentage of an amount is computed exactly in integers (BigInt) and
 * rounded half-up to the cent once, at the end; a monthly share of a yearly rate is divided
 * before that one rounding (amount × rate ÷ 100 ÷ 12), never rounded twice. Sums and differences
 * of cents are exact. The servicing ledger (app/lib/servicing/) takes amounts already in cents:
 * `percentOfAmountCents` (a late charge on an installment) and `dayInterestCents` (a balance in
 * cents kept for some days at a yearly rate over a 360-day year) follow the same rule, exact and
 * half-up once.
 */

/** An amount of money in integer US cents. */
export type Cents = number;

/**
 * Whole dollars as cents: 150000 → 15000000.
 * @throws RangeError when `dollars` is not a whole number of dollars or the cents are not a safe integer.
 */
export function dollarsToCents(dollars: number): Cents {
  if (!Number.isSafeInteger(dollars)) throw new RangeError(`Not a whole number of dollars: ${dollars}`);
  const cents = dollars * 100;
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Too many dollars: ${dollars}`);
  return cents;
}

/**
 * A percent as an exact whole number of thousandths of a percent (9.125 → 9125; rounding only
 * removes binary noise: 10.1 × 1000 = 10099.99…).
 * @throws RangeError for a negative or non-finite percent, or one finer than a thousandth (none is stored).
 */
function milliPercent(percent: number): bigint {
  const scaled = Math.round(percent * 1000);
  if (!Number.isFinite(percent) || percent < 0 || Math.abs(percent * 1000 - scaled) > 1e-6)
    throw new RangeError(`Not a percent to the thousandth: ${percent}`);
  return BigInt(scaled);
}

/** `numerator ÷ denominator` of non-negative integers, rounded half-up. */
function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  return (numerator * 2n + denominator) / (denominator * 2n);
}

/**
 * `percent` % of `amount` whole dollars, in cents, divided by `periods` (12 for a month of a
 * yearly rate) and then rounded half-up once.
 * @throws RangeError for an amount that is not whole dollars or a negative percent.
 */
export function percentOfCents(amount: number, percent: number, periods = 1): Cents {
  const cents = BigInt(dollarsToCents(amount));
  // cents × (milli-percent ÷ 1000) ÷ 100 ÷ periods
  return Number(divideHalfUp(cents * milliPercent(percent), 100_000n * BigInt(periods)));
}

/**
 * The monthly interest-only payment (or monthly interest) on `amount` whole dollars at
 * `ratePercent` a year: amount × rate ÷ 12, in cents, rounded half-up once
 * ($1,000,000 at 9.5 % → 791,667 cents; $1,300,000 at 10.25 % → 1,110,417).
 * @throws RangeError as `percentOfCents`.
 */
export function monthlyInterestCents(amount: number, ratePercent: number): Cents {
  return percentOfCents(amount, ratePercent, 12);
}

/**
 * Points in dollars: `points` % of `amount` whole dollars, in cents, rounded half-up
 * (1.5 points on $333,333 is $4,999.995 → 500,000 cents).
 * @throws RangeError as `percentOfCents`.
 */
export function pointsCents(amount: number, points: number): Cents {
  return percentOfCents(amount, points);
}

/**
 * `percent` % of `cents`, rounded half-up to the cent once (a 5 % late charge on a $1,062.50
 * installment is 5,312.5 cents → 5,313).
 * @throws RangeError when `cents` is not a non-negative safe integer or the percent is negative.
 */
export function percentOfAmountCents(cents: Cents, percent: number): Cents {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`Not an amount in cents: ${cents}`);
  return Number(divideHalfUp(BigInt(cents) * milliPercent(percent), 100_000n));
}

/**
 * Interest on `centDays` (a balance in cents × the days it was outstanding, summed over the
 * period) at `ratePercent` a year over a 360-day year: centDays × rate ÷ 100 ÷ 360, rounded
 * half-up to the cent once ($100,000 for 30 days at 12 % is 300,000,000 cent-days → 100,000 cents;
 * for 1 day it is the per diem, 3,333.33… → 3,333 cents).
 * @throws RangeError when `centDays` is not a non-negative safe integer or the rate is negative.
 */
export function dayInterestCents(centDays: number, ratePercent: number): Cents {
  if (!Number.isSafeInteger(centDays) || centDays < 0) throw new RangeError(`Not a number of cent-days: ${centDays}`);
  return Number(divideHalfUp(BigInt(centDays) * milliPercent(ratePercent), 100_000n * 360n));
}

/**
 * '$1,250,000' → '1250000': an amount as people write it, read strictly: around it spaces, before
 * it at most one '$', and commas (or spaces) only between groups of three digits ('1,250.50',
 * '$ 25,000', '$ 1 250 000').
 * Anything else ('1,00', '5,,,0', '$$5', '1.000,50' with a decimal comma) comes back unchanged, so
 * the field's own check refuses it instead of reading a hundred times the amount.
 */
export function plainDollars(value: string): string {
  const match = /^\s*\$?\s*(\d{1,3}(?:,\d{3})+|\d{1,3}(?: \d{3})+|\d+)?(\.\d*)?\s*$/.exec(value);
  if (!match || (match[1] === undefined && match[2] === undefined)) return value;
  return `${(match[1] ?? '').replace(/[, ]/g, '')}${match[2] ?? ''}`;
}

/**
 * The positive whole-dollar amount a person typed ('$25,000', ' 25000 ', '25,000.00'), or null
 * when it is not one (cents other than '.00', letters, zero, more than 13 digits).
 */
export function readDollars(text: string | null | undefined): number | null {
  if (!text) return null;
  const plain = plainDollars(text).replace(/\.0{1,2}$/, '');
  if (!/^\d{1,13}$/.test(plain)) return null;
  const n = Number(plain);
  return n > 0 ? n : null;
}

/**
 * The amount in integer cents a person typed in dollars and cents ('$1,250.5' → 125050,
 * '1,250' → 125000, '0.07' → 7), read from the digits (no floating point), or null when it is
 * not one (letters, a sign, more than two decimals, more than 13 dollar digits). Zero is 0.
 */
export function readCents(text: string | null | undefined): Cents | null {
  if (!text) return null;
  const match = /^(\d{1,13})(?:\.(\d{1,2}))?$|^\.(\d{1,2})$/.exec(plainDollars(text));
  if (!match) return null;
  const dollars = match[1] ?? '0';
  const cents = (match[2] ?? match[3] ?? '').padEnd(2, '0');
  return Number(dollars) * 100 + Number(cents);
}
