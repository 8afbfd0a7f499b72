/**
 * Positions as staff record them and as pages show them (issue 25 "From deal to loan to
 * positions"): the "Record funds received" form, a position's share of the note as text, and the
 * lender's servicing spread (note rate − investor rate) in percent and in cents a month. Pure: the
 * same module answers in the browser and on the server.
 *
 * Units: cents, percent a year (the note rate to the thousandth, the investor rate to the
 * hundredth), the lender's days 'YYYY-MM-DD'. Rules: app/lib/returns/README.md.
 */
import { z } from 'zod';
import { monthlyInterestCents, type Cents } from '../money';
import { dayField, optionalTextField } from '../schemas/fields';
import { centsField } from '../servicing/money-field';
import { PAYMENT_METHODS } from '../servicing/vocabulary';
import { valuesOf } from '../vocabulary';
import { expectedInterestCents, type SplitTerms } from './allocation';

/**
 * Staff's "Record funds received" for one confirmed amount: the day the funds arrived (not in
 * the future), the amount in dollars and cents (empty: the amount confirmed), how they came and
 * the bank's reference.
 */
export const fundsReceivedSchema = (today: string) =>
  z.object({
    commitmentId: z.string().uuid({ error: 'Choose the amount the funds are for' }),
    receivedOn: dayField('The date received is required', 'Please enter the date received as a date').refine((d) => d <= today, {
      message: 'The date received cannot be in the future',
    }),
    amountCents: centsField('Amount received', { min: 1 }).optional(),
    method: z.enum(valuesOf(PAYMENT_METHODS), { error: 'Choose how the funds came' }),
    reference: optionalTextField({ max: 100, tooLong: 'At most 100 characters' }),
  });
export type FundsReceivedInput = z.infer<ReturnType<typeof fundsReceivedSchema>>;

/** Staff link a deal to its loan by the loan's reference ('OL-2026-12345'). */
export const linkLoanSchema = z.object({
  loanReference: z
    .string({ error: 'Enter the loan’s reference' })
    .trim()
    .min(1, 'Enter the loan’s reference')
    .max(40, 'At most 40 characters'),
});

/**
 * A share of the note, `part` ÷ `whole` cents, as a percent with four decimals, rounded half up
 * once from the exact fraction (BigInt): 1 of 3 → '33.3333%', 250,000 of 1,000,000 → '25.0000%'.
 * The one text of a position's share on every page; 0 when `whole` is not positive.
 */
export function shareText(part: Cents, whole: Cents): string {
  if (!(whole > 0)) return '0.0000%';
  const p = BigInt(Math.trunc(part));
  const w = BigInt(Math.trunc(whole));
  // The percent to four decimals is part ÷ whole × 10⁶ ten-thousandths, half up.
  const scaled = (2n * 1_000_000n * (p < 0n ? -p : p) + w) / (2n * w);
  const sign = p < 0n && scaled > 0n ? '-' : '';
  return `${sign}${scaled / 10_000n}.${String(scaled % 10_000n).padStart(4, '0')}%`;
}

/** Thousandths of a percent, exactly (12.125 → 12125). */
const milli = (percent: number) => Math.round(percent * 1000);

/** The servicing spread, note rate − investor rate, percent a year to the thousandth (never below 0). */
export function spreadPercent(noteRatePercent: number, investorRatePercent: number): number {
  return Math.max(0, milli(noteRatePercent) - milli(investorRatePercent)) / 1000;
}

/**
 * For `amount` whole dollars an investor types on a deal page: the monthly interest at the
 * investor rate (as `projectedInterest`), at the note rate, and the lender's monthly servicing
 * spread, their difference, in cents (money.ts `monthlyInterestCents`, rounded once each).
 * @throws RangeError as `monthlyInterestCents`.
 */
export function monthlySpreadOnAmount(amount: number, noteRatePercent: number, investorRatePercent: number) {
  const investorCents = monthlyInterestCents(amount, investorRatePercent);
  const noteCents = monthlyInterestCents(amount, noteRatePercent);
  return { investorCents, noteCents, spreadCents: Math.max(0, noteCents - investorCents) };
}

/**
 * A month of the note's interest split by the allocation's rule (allocation.ts
 * `expectedInterestCents`) for positions holding `positionsCents` in all: the note's interest for
 * a 30-day month at the note rate (note × rate ÷ 1200, half up once), the positions' part at the
 * investor rate, the servicing spread on their shares, and the lender's own share of it.
 * Σ investors + spread + lender = the note's monthly interest.
 */
export function monthlySplit(terms: SplitTerms, positionsCents: Cents) {
  const noteCents = Number((2n * BigInt(terms.noteAmountCents) * BigInt(milli(terms.noteRatePercent)) + 1_200_000n) / 2_400_000n);
  const holding = { amountCents: positionsCents };
  const investorsCents = expectedInterestCents(noteCents, holding, terms);
  const grossCents = expectedInterestCents(noteCents, holding, { ...terms, investorRatePercent: terms.noteRatePercent });
  const spreadCents = grossCents - investorsCents;
  return { noteCents, investorsCents, spreadCents, lenderCents: noteCents - investorsCents - spreadCents };
}
