/**
 * Distribution runs as staff and investors read them (issue 25 "Distribution runs"), browser and
 * server alike: the figures of a run (a preview while open, the stored lines once approved), one
 * investor's statement, the forms' schemas, and the labelled lines the page, the statement PDF
 * and the e-mail all print (so every copy shows the same cents). The rules of a run are stated
 * in app/lib/returns/README.md ("Runs"); the server side is app/server/domain/returns/distributions.server.ts.
 *
 * Units: integer cents; the lender's days 'YYYY-MM-DD'.
 */
import { z } from 'zod';
import { formatCalendarDay, usdCents } from '../format';
import { dayField, textField, wholeNumberField } from '../schemas/fields';
import { addDays, daysBetween } from '../servicing/day-count';
import type { RunStatus } from './vocabulary';

/** Runs per page of /admin-dashboard/distributions. */
export const RUNS_PAGE_SIZE = 25;
/** Investors per page of one run's staff page (by name). */
export const RUN_INVESTORS_PAGE_SIZE = 50;
/** A bank payment reference (batch or wire), characters. */
export const RUN_REFERENCE_MAX = 100;

export const RUN_MESSAGES = {
  open: 'A run is already open or approved: mark it paid before opening the next.',
  approved: 'This run is already approved.',
  stale: 'The figures changed since you opened this page; review them again.',
  notOpen: 'Only an open run can be approved.',
  notApproved: 'Only an approved run can be marked paid.',
  future: 'The period cannot end after today.',
  order: 'The period must start on or before its last day.',
  paidOnEarly: 'The day paid cannot be before the period ends.',
  paidOnFuture: 'The day paid cannot be in the future.',
} as const;

/** What one party receives, in cents (negative for a reversal). */
export interface Parts {
  interestCents: number;
  principalCents: number;
  feesCents: number;
}

/** One ledger entry's part for one investor. */
export interface EntryPart extends Parts {
  entryId: string;
  day: string;
}

/** An investor's part of one loan in a run, with the entries it comes from. */
export interface LoanPart extends Parts {
  loanId: string;
  loanReference: string;
  dealTitle: string;
  entries: EntryPart[];
}

/** One investor's figures in a run: the sum of their lines, the shortfall carried in, the amount paid. */
export interface InvestorDistribution extends Parts {
  investorId: string;
  name: string;
  email: string;
  /** A shortfall carried in from their previous run (0 or negative). */
  carriedInCents: number;
  /** What the bank pays: max(0, interest + principal + fees + carried in). */
  amountCents: number;
  /** What goes into their next run: min(0, the same sum). */
  carriedOutCents: number;
  loans: LoanPart[];
}

/** A run's totals in cents: cash applied = investors + lender + spread, to the cent. */
export interface RunTotals {
  cashCents: number;
  /** Σ the investors' lines (before carries). */
  investorsCents: number;
  lenderCents: number;
  spreadCents: number;
  /** Σ the amounts the bank pays (the investors' lines with their carries, none below zero). */
  payableCents: number;
  investors: number;
}

/** A run as the list shows it. */
export interface RunRow {
  id: string;
  number: number;
  periodFrom: string;
  periodTo: string;
  status: RunStatus;
  cashCents: number | null;
  investorsCents: number | null;
  lenderCents: number | null;
  spreadCents: number | null;
  paidOn: string | null;
  paymentReference: string | null;
}

/** One investor's statement of one run (the PDF's and the e-mail's figures). */
export interface RunStatement extends Parts {
  runNumber: number;
  periodFrom: string;
  periodTo: string;
  /** Null while the run is approved and not yet paid. */
  paidOn: string | null;
  investorName: string;
  carriedInCents: number;
  amountCents: number;
  carriedOutCents: number;
  loans: LoanPart[];
}

/** Σ interest + principal + fees. */
export const partsTotal = (p: Parts) => p.interestCents + p.principalCents + p.feesCents;

/** A run's period as a reader says it: 'Oct 1, 2026 – Oct 31, 2026'. */
export const runPeriod = (r: { periodFrom: string; periodTo: string }) =>
  `${formatCalendarDay(r.periodFrom)} – ${formatCalendarDay(r.periodTo)}`;

/** The signed-in investor's statement PDF of run `number`. */
export const statementPdfHref = (number: number) => `/dashboard/investments/statements/${number}`;

/** The reconciliation staff check before approving: each line in dollars, and whether it holds. */
export function reconciliationLines(t: RunTotals): { lines: [string, string][]; balanced: boolean } {
  return {
    lines: [
      ['Cash applied', usdCents(t.cashCents)],
      ['To investors', usdCents(t.investorsCents)],
      ["Lender's own share", usdCents(t.lenderCents)],
      ['Servicing spread', usdCents(t.spreadCents)],
    ],
    balanced: t.cashCents === t.investorsCents + t.lenderCents + t.spreadCents,
  };
}

/** The statement's summary lines, in the order the PDF, the page and the e-mail print them. */
export function statementFacts(s: RunStatement): [string, string][] {
  return [
    ['Run', `No. ${s.runNumber}`],
    ['Period', runPeriod(s)],
    ['Paid on', s.paidOn ? formatCalendarDay(s.paidOn) : 'Not yet paid'],
    ['Interest', usdCents(s.interestCents)],
    ['Principal', usdCents(s.principalCents)],
    ['Fees and late charges', usdCents(s.feesCents)],
    ['Total for the period', usdCents(partsTotal(s))],
    ...(s.carriedInCents ? ([['Carried in from your last distribution', usdCents(s.carriedInCents)]] as [string, string][]) : []),
    ['Amount paid', usdCents(s.amountCents)],
    ...(s.carriedOutCents ? ([['Carried to your next distribution', usdCents(s.carriedOutCents)]] as [string, string][]) : []),
  ];
}

/** The period a new run proposes on `today`: last month, first to last day. */
export function lastMonth(today: string): { periodFrom: string; periodTo: string } {
  const periodTo = addDays(`${today.slice(0, 7)}-01`, -1);
  return { periodFrom: `${periodTo.slice(0, 7)}-01`, periodTo };
}

/** Staff's "Open a run" form: the period's first and last days, ending by `today`. */
export const openRunSchema = (today: string) =>
  z
    .object({
      periodFrom: dayField('The first day is required', 'Please enter the first day as a date'),
      periodTo: dayField('The last day is required', 'Please enter the last day as a date').refine(
        (d) => daysBetween(d, today) >= 0,
        RUN_MESSAGES.future,
      ),
    })
    .refine((p) => daysBetween(p.periodFrom, p.periodTo) >= 0, { message: RUN_MESSAGES.order, path: ['periodFrom'] });

/** "Approve": the investors' total (cents) the page showed, as a hidden field. */
export const approveRunSchema = z.object({
  expectedInvestorsCents: wholeNumberField(0, Number.MAX_SAFE_INTEGER, RUN_MESSAGES.stale),
});

/** "Mark paid": the day the bank paid (up to `today`) and its reference. */
export const markPaidSchema = (today: string) =>
  z.object({
    paidOn: dayField('The day paid is required', 'Please enter the day paid as a date').refine(
      (d) => daysBetween(d, today) >= 0,
      RUN_MESSAGES.paidOnFuture,
    ),
    reference: textField({
      max: RUN_REFERENCE_MAX,
      required: 'The payment reference is required',
      tooLong: `At most ${RUN_REFERENCE_MAX} characters`,
    }),
  });
