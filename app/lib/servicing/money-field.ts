/**
 * The one form field for money typed in dollars and cents (issue 24 "Servicing"): '$1,250.5',
 * '1250.50' and '1,250' are read exactly as integer cents (money.ts `readCents`, no floating
 * point); anything else, or an amount out of range, gets one clear sentence.
 */
import { z } from 'zod';
import { usdCents } from '../format';
import { readCents, type Cents } from '../money';

/** Ten billion dollars: more than any loan, less than the largest safe integer of cents. */
const MAX_CENTS: Cents = 1_000_000_000_000;

/** `label` as integer cents from min cents up ('Payment must be at least $0.01'). */
export function centsField(label: string, { min }: { min: Cents }) {
  const shape = `${label} must be an amount in dollars and cents, like 1,250.00`;
  return z
    .string({ error: `${label} is required` })
    .transform((text, ctx) => {
      const cents = readCents(text);
      if (cents === null) {
        ctx.addIssue({ code: 'custom', message: shape });
        return z.NEVER;
      }
      return cents;
    })
    .pipe(
      z
        .number()
        .min(min, `${label} must be at least ${usdCents(min)}`)
        .max(MAX_CENTS, `${label} is too large`),
    );
}
