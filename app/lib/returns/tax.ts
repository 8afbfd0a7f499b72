/**
 * The year-end tax run's rules and forms (issue 25 "Lender's staff": "the year-end tax run lists
 * every investor's interest for the year, with a CSV for the filing service; corrections are new
 * entries, never edits"; "Documents": each year's 1099-INT figures). Pure: shared by the staff
 * page, its action and the domain (app/server/domain/returns/tax.server.ts).
 *
 * - A year's figure for an investor is the interest of the runs paid in that calendar year (the
 *   lender's days), never below zero.
 * - Statements are issued for a year once it has ended; each investor's first is version 1.
 * - When the figure changes after it was issued (a correction run), staff issue a correction:
 *   a new version with a reason, marked corrected; the earlier versions stay as they were.
 */
import { z } from 'zod';
import { reasonField } from '../schemas/fields';

/** The years a tax statement can be for (the table's CHECK). */
export const TAX_YEAR_MIN = 2000;
export const TAX_YEAR_MAX = 2200;

/** Investors a page of the staff's tax run shows (by name). */
export const TAX_PAGE_SIZE = 50;

/** A year in the URL or a form: whole, within the table's range. */
export const taxYearField = z.coerce.number().int().min(TAX_YEAR_MIN).max(TAX_YEAR_MAX);

/** The year the staff page opens on: the last year that has ended. */
export const defaultTaxYear = (today: string) => Number(today.slice(0, 4)) - 1;

/** True when `year` has ended on the lender's `today` (statements may be issued). */
export const taxYearEnded = (year: number, today: string) => year < Number(today.slice(0, 4));

export const TAX_MESSAGES = {
  reason: 'Say why the figure is corrected (at least 3 characters)',
  reasonTooLong: 'At most 500 characters',
  notEnded: 'Statements are issued once the year has ended.',
  unchanged: 'The figure has not changed since it was issued: there is nothing to correct.',
  notIssued: 'This investor has no statement for the year yet: issue the year’s statements first.',
} as const;

/** Where an investor's statement stands against the figure of the paid runs. */
export type TaxRowState = 'not-issued' | 'issued' | 'changed';

/** The staff page's forms: issue the year's statements, or correct one investor's. */
export const taxActionSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('issue') }),
  z.object({
    intent: z.literal('correct'),
    investorId: z.string().min(1).max(100),
    reason: reasonField(TAX_MESSAGES.reason, TAX_MESSAGES.reasonTooLong),
  }),
]);
