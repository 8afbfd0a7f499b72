/**
 * Extending a loan's maturity (issue 24 "Extension request"): the offer the borrower sees before
 * asking (the fee and the new maturity), the forms' schemas and the rule of when a request may be
 * made. Pure; shared by the browser and the server.
 *
 * The rules (stated once):
 * - The fee is the closing record's extension points × the note amount, in cents, rounded half-up
 *   once (money.ts `percentOfAmountCents`), whatever the number of months (the term sheet's
 *   "extension fee (% of the amount)").
 * - The new maturity is the maturity in force plus the months (schedule.ts `addMonths`: the same
 *   day of the month, or the month's last day when shorter).
 * - A request is for 1 to `EXTENSION_MONTHS_MAX` months; one request waits at a time per loan;
 *   a request may be made until `EXTENSION_LATE_DAYS` days after the maturity in force has passed
 *   (a loan further in maturity default is a conversation with staff, not a form).
 */
import { z } from 'zod';
import { percentOfAmountCents, type Cents } from '../money';
import { reasonField, wholeNumberField } from '../schemas/fields';
import { daysBetween } from './day-count';
import { addMonths } from './schedule';
import type { ExtensionStatus } from './vocabulary';

/** The longest extension one request asks, months. */
export const EXTENSION_MONTHS_MAX = 12;
/** The months a page proposes. */
export const EXTENSION_DEFAULT_MONTHS = 6;
/** Days after the maturity in force during which a borrower may still ask. */
export const EXTENSION_LATE_DAYS = 30;

/** The months a borrower may choose, as select options. */
export const EXTENSION_MONTH_CHOICES = Array.from({ length: EXTENSION_MONTHS_MAX }, (_, i) => ({
  value: String(i + 1),
  label: `${i + 1} ${i === 0 ? 'month' : 'months'}`,
}));

export const EXTENSION_MESSAGES = {
  months: `Choose 1 to ${EXTENSION_MONTHS_MAX} months`,
  open: 'An extension request is already waiting for our answer.',
  tooLate: `The maturity passed more than ${EXTENSION_LATE_DAYS} days ago: please contact us about extending it.`,
  reason: 'Give the reason for declining',
} as const;

/** What an extension of `months` costs and gives: the fee in cents and the new maturity day. */
export interface ExtensionOffer {
  months: number;
  feeCents: Cents;
  fromMaturityOn: string;
  newMaturityOn: string;
}

/**
 * The offer for extending `maturityInForce` by `months`: fee = extensionPoints % of the note
 * (cents, half-up once), new maturity = addMonths(maturityInForce, months).
 * @throws RangeError for a bad day or negative points.
 */
export function extensionOffer(
  terms: { noteAmountCents: Cents; extensionPoints: number },
  maturityInForce: string,
  months: number,
): ExtensionOffer {
  return {
    months,
    feeCents: percentOfAmountCents(terms.noteAmountCents, terms.extensionPoints),
    fromMaturityOn: maturityInForce,
    newMaturityOn: addMonths(maturityInForce, months),
  };
}

/** True when a request may still be made on `today` for a loan maturing on `maturityInForce`. */
export function canAskExtension(maturityInForce: string, today: string): boolean {
  return daysBetween(maturityInForce, today) <= EXTENSION_LATE_DAYS;
}

/** An extension request as the pages show it (cents; `createdAt`, `decidedAt` ISO moments). */
export interface ExtensionSummary {
  id: string;
  months: number;
  feeCents: Cents;
  fromMaturityOn: string;
  newMaturityOn: string;
  status: ExtensionStatus;
  reason: string | null;
  createdAt: string;
  decidedAt: string | null;
}

/** The borrower's request form: the months. */
export const extensionRequestSchema = z.object({
  months: wholeNumberField(1, EXTENSION_MONTHS_MAX, EXTENSION_MESSAGES.months),
});

/** Staff's decision: the request, approve or decline, and the reason (required to decline). */
export const extensionDecisionSchema = z.discriminatedUnion('decision', [
  z.object({
    requestId: z.string().uuid(),
    decision: z.literal('approved'),
    reason: z
      .string()
      .trim()
      .max(500, 'At most 500 characters')
      .transform((v) => v || undefined)
      .optional(),
  }),
  z.object({
    requestId: z.string().uuid(),
    decision: z.literal('declined'),
    reason: reasonField(EXTENSION_MESSAGES.reason, 'At most 500 characters'),
  }),
]);
export type ExtensionDecisionInput = z.infer<typeof extensionDecisionSchema>;
