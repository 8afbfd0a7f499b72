/**
 * The closing record staff confirm when a loan is funded (issue 24 "Boarding"): its form's
 * schema, shared by the browser and the server, and the defaults drawn from the accepted term
 * sheet. Money is typed in dollars and cents ('$1,250.00') and kept in integer cents; rates in
 * percent a year (up to 3 decimals); days the lender's 'YYYY-MM-DD'.
 */
import { z } from 'zod';
import { dayField, numberField, wholeNumberField } from '../schemas/fields';
import { ACCRUALS, INTEREST_METHOD_CHOICES } from './vocabulary';
import { valuesOf } from '../vocabulary';
import { centsField } from './money-field';

/** Budget lines a holdback may have. */
export const HOLDBACK_LINES_MAX = 20;

export const boardingSchema = z
  .object({
    fundedOn: dayField('The funding date is required', 'Please enter the funding date as a date'),
    noteAmountCents: centsField('Note amount', { min: 100 }),
    ratePercent: numberField(0.001, 40, 'Enter the note rate in percent (up to 40)'),
    points: numberField(0, 10, 'Enter the points in percent (0 to 10)'),
    termMonths: wholeNumberField(1, 120, 'Enter the term in whole months (1 to 120)'),
    firstPaymentOn: dayField('The first payment date is required', 'Please enter the first payment date as a date'),
    maturityOn: dayField('The maturity date is required', 'Please enter the maturity date as a date'),
    interestMethod: z.enum(valuesOf(INTEREST_METHOD_CHOICES), { error: 'Choose 30/360 or Actual/360' }),
    accrual: z.enum(valuesOf(ACCRUALS), { error: 'Choose what interest is charged on' }),
    lateChargePercent: numberField(0, 10, 'Enter the late charge in percent of the installment (0 to 10)'),
    graceDays: wholeNumberField(0, 60, 'Enter the grace days (0 to 60)'),
    defaultRatePercent: numberField(0, 40, 'Enter the default rate in percent (up to 40)').optional(),
    holdbackCents: centsField('Holdback', { min: 0 }).optional(),
    drawFeeCents: centsField('Draw fee', { min: 0 }).optional(),
    extensionPoints: numberField(0, 10, 'Enter the extension fee in points (0 to 10)').optional(),
    reconveyanceFeeCents: centsField('Reconveyance fee', { min: 0 }).optional(),
    lines: z
      .array(
        z.object({
          description: z.string().trim().min(1, 'Describe the line').max(200, 'At most 200 characters'),
          budgetCents: centsField('Budget', { min: 1 }),
        }),
      )
      .max(HOLDBACK_LINES_MAX, `At most ${HOLDBACK_LINES_MAX} budget lines`)
      .optional(),
  })
  .superRefine((v, ctx) => {
    const holdback = v.holdbackCents ?? 0;
    if (holdback >= v.noteAmountCents)
      ctx.addIssue({ code: 'custom', path: ['holdbackCents'], message: 'The holdback must be less than the note amount' });
    const lines = v.lines ?? [];
    const budget = lines.reduce((s, l) => s + l.budgetCents, 0);
    if (holdback > 0 && lines.length === 0)
      ctx.addIssue({ code: 'custom', path: ['lines'], message: 'Give the holdback its budget by line item' });
    if (lines.length > 0 && budget !== holdback)
      ctx.addIssue({ code: 'custom', path: ['lines'], message: 'The budget lines must add up to the holdback' });
    if (v.firstPaymentOn <= v.fundedOn)
      ctx.addIssue({ code: 'custom', path: ['firstPaymentOn'], message: 'The first payment falls after the funding date' });
    if (v.maturityOn < v.firstPaymentOn)
      ctx.addIssue({ code: 'custom', path: ['maturityOn'], message: 'The maturity cannot be before the first payment' });
  });
export type BoardingInput = z.infer<typeof boardingSchema>;

/** The boarding form's starting values as the form shows them: dollars and cents, percent and days as text. */
export type BoardingDefaults = Record<Exclude<keyof BoardingInput, 'lines'>, string> & {
  lines: { description: string; budgetCents: string }[];
};
