/**
 * Payoff quotes and the recorded payoff as the borrower and staff see them (issue 24 "Payoff
 * quote"; staff "issue payoff quotes, record the payoff"): the forms' schemas, shared by the
 * browser and the server, and the quote's figures as labelled lines, so the page, the PDF and the
 * e-mail print the same cents (ledger.ts `payoffQuote` computes them).
 *
 * Units: cents, the lender's days 'YYYY-MM-DD'. The good-through day is from today to
 * `PAYOFF_DAYS_AHEAD` days ahead (issue 24: "up to 30 days ahead").
 */
import { z } from 'zod';
import { formatCalendarDay, isCalendarDay, usdCents } from '../format';
import { dayField, optionalTextField } from '../schemas/fields';
import { valuesOf } from '../vocabulary';
import { addDays, daysBetween } from './day-count';
import type { PayoffQuote } from './ledger';
import { centsField } from './money-field';
import { PAYMENT_METHODS } from './vocabulary';

/** The furthest good-through day: today + 30 days (issue 24). */
export const PAYOFF_DAYS_AHEAD = 30;
/** The good-through day a page proposes: today + 10 days. */
export const PAYOFF_DEFAULT_DAYS = 10;
/** A payoff's reference (wire or check number), characters. */
export const PAYOFF_REFERENCE_MAX = 100;

export const PAYOFF_MESSAGES = {
  goodThrough: `Choose a good-through date from today to ${PAYOFF_DAYS_AHEAD} days ahead.`,
  refund: 'This loan holds more in suspense than it owes, so there is nothing to pay off: staff will refund the difference.',
} as const;

/** True when `goodThrough` is from `today` to today + 30 days. */
export function inPayoffWindow(goodThrough: string, today: string): boolean {
  const ahead = daysBetween(today, goodThrough);
  return ahead >= 0 && ahead <= PAYOFF_DAYS_AHEAD;
}

/** The last good-through day a quote asked on `today` may have. */
export const lastGoodThrough = (today: string) => addDays(today, PAYOFF_DAYS_AHEAD);

/** The payoff-quote form (borrower and staff): the good-through day, within the window of `today`. */
export const payoffQuoteSchema = (today: string) =>
  z.object({
    goodThrough: dayField('Choose the good-through date', PAYOFF_MESSAGES.goodThrough).refine(
      (d) => inPayoffWindow(d, today),
      PAYOFF_MESSAGES.goodThrough,
    ),
  });

/**
 * The payoff pages' `?goodThrough=` (a GET, so the figures show without JavaScript): a day in the
 * window of `today`, or today + PAYOFF_DEFAULT_DAYS for none or anything else.
 */
export const goodThroughSearch = (today: string) =>
  z.object({
    goodThrough: z
      .string()
      .refine((d) => isCalendarDay(d) && inPayoffWindow(d, today))
      .catch(addDays(today, PAYOFF_DEFAULT_DAYS)),
  });

/** Staff's record-the-payoff form: the quote, the day received, the amount (cents), how and its reference. */
export const recordPayoffSchema = z.object({
  quoteId: z.string({ error: 'Choose the quote the payoff pays' }).uuid('Choose the quote the payoff pays'),
  day: dayField('The day received is required', 'Please enter the day received as a date'),
  amountCents: centsField('Amount received', { min: 1 }),
  method: z.enum(valuesOf(PAYMENT_METHODS), { error: 'Choose how the payoff was paid' }),
  reference: optionalTextField({ max: PAYOFF_REFERENCE_MAX, tooLong: `At most ${PAYOFF_REFERENCE_MAX} characters` }),
});
export type RecordPayoffInput = z.infer<typeof recordPayoffSchema>;

/** A stored quote as the pages list it (figures in cents; `createdAt` an ISO moment). */
export interface PayoffQuoteSummary {
  id: string;
  goodThrough: string;
  totalCents: number;
  figures: PayoffQuote;
  createdAt: string;
  /** Who asked: the borrower, or staff. */
  by: 'borrower' | 'staff';
  requestedByName: string | null;
}

/** One line of a quote: its label, the amount as shown, and whether it is the total. */
export interface PayoffLine {
  label: string;
  value: string;
  total?: boolean;
}

/**
 * A quote's figures as the lines every copy prints (page, PDF, e-mail): principal, interest due,
 * the interest from the last bill through the good-through day (over the balance timeline, with
 * its days), fees and late charges, reconveyance fee, less suspense, the total, and what a day
 * more or less changes (the per diem: a payoff received earlier owes less, and the surplus is
 * refunded). Amounts through `usdCents`, days through `formatCalendarDay`.
 */
export function payoffLines(q: PayoffQuote): PayoffLine[] {
  const through = formatCalendarDay(q.goodThrough);
  return [
    { label: 'Principal outstanding', value: usdCents(q.principalCents) },
    { label: 'Interest billed and unpaid', value: usdCents(q.interestDueCents) },
    {
      label: `Interest from ${formatCalendarDay(q.accruedFrom)} through ${through} (${q.accruedDays} ${q.accruedDays === 1 ? 'day' : 'days'})`,
      value: usdCents(q.accruedInterestCents),
    },
    { label: 'Unpaid fees and late charges', value: usdCents(q.feesDueCents) },
    { label: 'Reconveyance fee', value: usdCents(q.reconveyanceFeeCents) },
    { label: 'Less suspense (held for you)', value: usdCents(-q.suspenseCents) },
    {
      label: `Per diem: each day after ${through} adds; each day earlier the money arrives saves`,
      value: usdCents(q.perDiemCents),
    },
    { label: `Total to pay off, good through ${through}`, value: usdCents(q.totalCents), total: true },
  ];
}
