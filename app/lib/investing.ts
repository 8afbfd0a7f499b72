/**
 * The investing vocabulary shared by pages, e-mails, exports and the server (issue "Investing";
 * docs/product.md §11): the statuses of a soft commitment, the texts an investor signs (the
 * Nevada suitability statement, the data room's confidentiality acknowledgement) with their
 * versions, and the rules of an amount.
 */
import { z } from 'zod';
import { labelOf } from './loans';
import { textField } from './schemas/fields';

/** A soft commitment's statuses and how they read. */
export const COMMITMENT_STATUSES = [
  { value: 'indicated', label: 'Indicated' },
  { value: 'waitlisted', label: 'Waitlisted' },
  { value: 'confirmed', label: 'Confirmed' },
  { value: 'funded', label: 'Funded' },
  { value: 'declined', label: 'Declined' },
  { value: 'withdrawn', label: 'Withdrawn' },
] as const;
export type CommitmentStatus = (typeof COMMITMENT_STATUSES)[number]['value'];
/** 'Indicated', 'Waitlisted' … of a status value. */
export const commitmentLabel = (status: string) => labelOf(COMMITMENT_STATUSES, status);

/** Statuses that count against the amount to raise. */
export const COUNTED_STATUSES = ['indicated', 'confirmed', 'funded'] as const satisfies readonly CommitmentStatus[];
/** Statuses of an open commitment (one per investor and deal). */
export const OPEN_STATUSES = ['indicated', 'waitlisted', 'confirmed', 'funded'] as const satisfies readonly CommitmentStatus[];
/** Statuses the investor may still change or withdraw (staff have not confirmed it). */
export const INVESTOR_EDITABLE_STATUSES = ['indicated', 'waitlisted'] as const satisfies readonly CommitmentStatus[];

/** Where staff may move a commitment from each status. */
export const STAFF_MOVES: Record<CommitmentStatus, readonly CommitmentStatus[]> = {
  indicated: ['confirmed', 'declined'],
  waitlisted: ['declined'],
  confirmed: ['funded', 'declined'],
  funded: [],
  declined: [],
  withdrawn: [],
};

/** Amounts, or followers, a page of the demand page (issue "Investing"). */
export const DEMAND_PAGE_SIZE = 50;
/** The most characters of the staff's note with a move. */
export const MOVE_NOTE_MAX = 1000;

/** How long a self-certification made at sign-up counts, in months (docs/product.md §11). */
export const SELF_CERTIFICATION_MONTHS = 12;
/** Days before an accreditation record lapses that the investor is reminded. */
export const ACCREDITATION_REMINDER_DAYS = [30, 7] as const;

export const ACCREDITATION_METHODS = [
  { value: 'self_certified', label: 'Self-certified at sign-up' },
  { value: 'professional_letter', label: 'Verification letter from a CPA or attorney' },
  { value: 'lender_verified', label: "The lender's own check" },
] as const;

/** An accreditation method's value. */
export type AccreditationMethod = (typeof ACCREDITATION_METHODS)[number]['value'];

/** One record as the profile and the user directory show it (dates as 'YYYY-MM-DD' or ISO 8601). */
export interface AccreditationRecordView {
  id: string;
  method: AccreditationMethod;
  establishedOn: string;
  /** Null while a letter waits for staff. */
  expiresOn: string | null;
  /** The letter's original name, or null for a record without one. */
  letterFileName: string | null;
  pending: boolean;
  createdAt: string;
  verifiedAt: string | null;
  verifiedByEmail: string | null;
}

/** What the profile and the directory show of one investor's accreditation. */
export interface AccreditationOverview {
  /** The lender's calendar day the page was made on, 'YYYY-MM-DD' (badges count from it). */
  today: string;
  /** The current record (the established one that expires last), or null. */
  current: { id: string; method: AccreditationMethod; establishedOn: string; expiresOn: string } | null;
  /** Every record, newest first, pending letters included. */
  records: AccreditationRecordView[];
}

/** The version of the suitability statement below; stored with each signed statement. */
export const SUITABILITY_FORM_VERSION = 'NV-private-investor-suitability-2026-11';
/** The concentration limit the statement states: this investment at most 10% of net worth. */
export const CONCENTRATION_LIMIT_PERCENT = 10;

/**
 * The statement's text as the investor reads and signs it (kept with their answers). Nevada's
 * Division of Mortgage Lending asks a private investor in a trust deed to state suitability for
 * each one (NRS 645B / NAC 645B).
 */
export const SUITABILITY_FORM_TEXT = `Investor suitability statement (Nevada, private investor) — version ${SUITABILITY_FORM_VERSION}

For each deed of trust in which I invest, I state that:
1. My household net worth is more than $250,000, not counting my primary residence, its furnishings and automobiles; or my income was more than $70,000 in each of the last two years and I expect the same this year.
2. This investment is within the concentration limit of this statement: it is no more than ${CONCENTRATION_LIMIT_PERCENT}% of my net worth.
3. I understand that a trust deed investment is not insured or guaranteed, that I may lose some or all of the money I invest, that it may not be sold or withdrawn before the loan is repaid, and that an amount I indicate is not binding on me or on the lender until the lender confirms it and I sign the investment documents.
4. The information I give is true and complete, and I will tell the lender if it changes before the loan funds.`;

/** The answers of the suitability statement, checked in the browser and again on the server. */
export const suitabilitySchema = z
  .object({
    netWorthOver250k: z.boolean().default(false),
    incomeOver70k: z.boolean().default(false),
    withinConcentrationLimit: z.literal(true, {
      error: `Please confirm that this investment is no more than ${CONCENTRATION_LIMIT_PERCENT}% of your net worth.`,
    }),
    understandsRisks: z.literal(true, { error: 'Please confirm that you understand the risks of a trust deed investment.' }),
    signature: textField({
      min: 2,
      max: 200,
      required: 'Please type your full name as your signature.',
      tooLong: 'Your name must be at most 200 characters.',
    }),
  })
  .refine((a) => a.netWorthOver250k || a.incomeOver70k, {
    path: ['netWorthOver250k'],
    message:
      'A private investor in a trust deed needs a net worth over $250,000 (excluding the residence) or an income over $70,000 in each of the last two years.',
  });
export type SuitabilityAnswers = z.infer<typeof suitabilitySchema>;

/** The version of the data room's confidentiality acknowledgement below. */
export const DATA_ROOM_ACKNOWLEDGEMENT_VERSION = 'data-room-confidentiality-2026-11';
export const DATA_ROOM_ACKNOWLEDGEMENT_TEXT =
  'The materials in this data room are confidential. I will use them only to evaluate this investment, I will not share them with anyone other than my professional advisers, and I understand that each download is recorded.';

/**
 * Why `amount` (whole dollars) cannot be indicated on a deal with `minimum` and `step`, or null
 * when it can: at least the minimum, a whole multiple of the step.
 */
export function amountRefusal(amount: number, deal: { minimumInvestment: number; investmentStep: number }): string | null {
  const usd = (n: number) => `$${n.toLocaleString('en-US')}`;
  if (!Number.isSafeInteger(amount) || amount <= 0) return 'Please enter an amount in whole dollars.';
  if (amount < deal.minimumInvestment) return `The minimum investment in this deal is ${usd(deal.minimumInvestment)}.`;
  if (amount % deal.investmentStep !== 0)
    return `Amounts in this deal go in steps of ${usd(deal.investmentStep)} (for example ${usd(deal.minimumInvestment)} or ${usd(deal.minimumInvestment + deal.investmentStep)}).`;
  return null;
}
