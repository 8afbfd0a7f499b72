/**
 * The staff's servicing forms on the loan ledger (issue 24 "Lender's staff"): record a payment,
 * reverse one with a reason, add a fee, add an adjustment with a reason. One zod schema each,
 * checked in the browser and again in the action (`parseForm`); amounts are dollars and cents
 * read as integer cents (`centsField`), days the lender's 'YYYY-MM-DD'.
 */
import { z } from 'zod';
import { dayField, optionalTextField, reasonField, textField } from '../schemas/fields';
import { valuesOf } from '../vocabulary';
import { centsField } from './money-field';
import { ADJUSTED_BUCKETS, OVERPAYMENT_CHOICES, PAYMENT_METHODS } from './vocabulary';

const day = (label: string, today: string) =>
  dayField(`${label} is required`, `Please enter ${label.toLowerCase()} as a date`).refine((d) => d <= today, {
    message: `${label} cannot be in the future`,
  });

/** Record a payment received (amount, the day it was received, method, reference, where an overpayment goes). */
export const paymentSchema = (today: string) =>
  z.object({
    day: day('The date received', today),
    amountCents: centsField('Amount', { min: 1 }),
    method: z.enum(valuesOf(PAYMENT_METHODS), { error: 'Choose how it was paid' }),
    reference: optionalTextField({ max: 100, tooLong: 'At most 100 characters' }),
    overpayment: z.enum(valuesOf(OVERPAYMENT_CHOICES), { error: 'Choose where an overpayment goes' }),
    /** The form's key, new on every page load: the same form sent twice records one payment. */
    idempotencyKey: z.string().uuid('Reload the page and record the payment again').optional(),
  });

/** Reverse a payment (a returned payment): which one, and why. */
export const reversalSchema = z.object({
  paymentId: z.string().uuid({ error: 'Choose the payment to reverse' }),
  reason: reasonField('Give the reason for the reversal (at least 3 characters)', 'At most 500 characters'),
});

/** Charge a fee (description, amount, day). */
export const feeSchema = (today: string) =>
  z.object({
    day: day('The date', today),
    amountCents: centsField('Amount', { min: 1 }),
    description: textField({ max: 200, required: 'Describe the fee', tooLong: 'At most 200 characters' }),
  });

/** Correct one balance up or down by an amount, with the reason. */
export const adjustmentSchema = (today: string) =>
  z.object({
    day: day('The date', today),
    bucket: z.enum(valuesOf(ADJUSTED_BUCKETS), { error: 'Choose the balance to correct' }),
    direction: z.enum(['increase', 'decrease'], { error: 'Choose increase or decrease' }),
    amountCents: centsField('Amount', { min: 1 }),
    reason: reasonField('Give the reason for the adjustment (at least 3 characters)', 'At most 500 characters'),
  });
