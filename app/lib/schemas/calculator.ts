/**
 * The payment calculator on /borrowers (issue 23 "Trust at first sight"): a GET form of a loan
 * amount and a program, read by the page's loader from the query (`?program={id}&amount=500000`)
 * and by Conform in the browser as the visitor types. The amount is typed in the money field
 * ('$500,000' reads as 500000: `parseForm`'s `dollars`).
 */
import { z } from 'zod';
import { wholeNumberField } from './fields';

/** The largest amount the calculator takes, whole dollars. */
export const CALCULATOR_MAX_DOLLARS = 1_000_000_000;

/** The calculator's money fields. */
export const CALCULATOR_DOLLARS = ['amount'] as const;

const CHOOSE = 'Please choose a loan program.';
const AMOUNT = 'Please enter the loan amount in whole dollars, such as 500,000.';

/** The calculator's form, the published programs' ids `programIds` its choices. */
export const calculatorSchema = (programIds: readonly string[]) =>
  z.object({
    program: z
      .string({ error: CHOOSE })
      .max(100, CHOOSE)
      .refine((id) => programIds.includes(id), CHOOSE),
    amount: wholeNumberField(1, CALCULATOR_MAX_DOLLARS, {
      required: AMOUNT,
      whole: AMOUNT,
      tooSmall: AMOUNT,
      tooLarge: 'Please enter an amount up to $1,000,000,000.',
    }),
  });
