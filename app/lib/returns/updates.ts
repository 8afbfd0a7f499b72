/**
 * Loan updates (issue 25 "Loan updates"): what the platform tells a loan's investors when the
 * loan goes 30 days late, into default, is extended or paid off, and the form staff post their
 * own updates with. Pure: the wording of each event once (the portal notification, the e-mail and
 * the position page show the same title and text), the episode that makes an event the same one
 * (the database keeps one per loan, kind and episode), and the staff form's schema, checked in
 * the browser and again on the server.
 *
 * Units: the lender's days 'YYYY-MM-DD', days.
 */
import { z } from 'zod';
import { formatCalendarDay } from '../format';
import { textField } from '../schemas/fields';
import type { LoanUpdateKind } from './vocabulary';

/** The longest title and text of a staff update, characters. */
export const UPDATE_TITLE_MAX = 120;
export const UPDATE_BODY_MAX = 4000;
/** The shortest text of a staff update, characters (a sentence, not a click). */
export const UPDATE_BODY_MIN = 10;

/** Staff's update to a loan's investors: a title and the text (lengths above). */
export const loanUpdateSchema = z.object({
  title: textField({
    max: UPDATE_TITLE_MAX,
    required: 'Give the update a title',
    tooLong: `At most ${UPDATE_TITLE_MAX} characters`,
  }),
  body: textField({
    min: UPDATE_BODY_MIN,
    max: UPDATE_BODY_MAX,
    required: `Write the update (at least ${UPDATE_BODY_MIN} characters)`,
    tooLong: `At most ${UPDATE_BODY_MAX} characters`,
  }),
});
export type LoanUpdateInput = z.infer<typeof loanUpdateSchema>;

/** The portal notification's title of each kind (the investor's notices are filtered by these). */
export const UPDATE_NOTICE_TITLES: Record<LoanUpdateKind, string> = {
  'late-30': 'Loan 30 days late',
  default: 'Loan in default',
  extended: 'Loan extended',
  'paid-off': 'Loan paid off',
  note: 'Loan update',
};

/** The notification's tone of each kind. */
export const UPDATE_NOTICE_TYPES: Record<LoanUpdateKind, 'info' | 'success' | 'warning' | 'error'> = {
  'late-30': 'warning',
  default: 'error',
  extended: 'info',
  'paid-off': 'success',
  note: 'info',
};

/** An event the platform announces, with the facts its text states. */
export type LoanEvent =
  | { kind: 'late-30'; /** The oldest unpaid due day. */ dueOn: string; daysPastDue: number }
  | { kind: 'default'; /** The oldest unpaid due day (90+ days past due). */ dueOn: string; daysPastDue: number }
  | { kind: 'default'; /** The maturity in force, passed with principal outstanding. */ maturedOn: string }
  | { kind: 'extended'; fromMaturityOn: string; newMaturityOn: string }
  | { kind: 'paid-off'; /** The day the payoff was received. */ day: string };

/** An update as it is stored and announced: its kind, episode, title and text. */
export interface LoanUpdateText {
  kind: Exclude<LoanUpdateKind, 'note'>;
  episode: string;
  title: string;
  body: string;
}

const NOTHING_UNCOLLECTED =
  'A distribution pays only what the borrower has paid: nothing is distributed for this loan until the borrower pays.';

/**
 * The stored update of `event`: its episode (late-30 and default: the oldest unpaid due day, or
 * 'maturity-<day>' for a loan past its maturity; extended: the new maturity; paid off: the day
 * received), title and text.
 */
export function eventUpdate(event: LoanEvent): LoanUpdateText {
  switch (event.kind) {
    case 'late-30':
      return {
        kind: event.kind,
        episode: event.dueOn,
        title: 'The borrower is 30 days late',
        body: `The installment due ${formatCalendarDay(event.dueOn)} is unpaid: the loan is ${event.daysPastDue} days past due. ${NOTHING_UNCOLLECTED} We are in contact with the borrower and will post what we learn here.`,
      };
    case 'default':
      return 'maturedOn' in event
        ? {
            kind: event.kind,
            episode: `maturity-${event.maturedOn}`,
            title: 'The loan is in default: past its maturity',
            body: `The loan matured on ${formatCalendarDay(event.maturedOn)} and its principal is not repaid. ${NOTHING_UNCOLLECTED} We will tell you the steps we take to recover it.`,
          }
        : {
            kind: event.kind,
            episode: event.dueOn,
            title: 'The loan is in default',
            body: `The installment due ${formatCalendarDay(event.dueOn)} is ${event.daysPastDue} days past due. ${NOTHING_UNCOLLECTED} We will tell you the steps we take to recover it.`,
          };
    case 'extended':
      return {
        kind: event.kind,
        episode: event.newMaturityOn,
        title: `The maturity is extended to ${formatCalendarDay(event.newMaturityOn)}`,
        body: `We approved the borrower's request to extend the maturity from ${formatCalendarDay(event.fromMaturityOn)} to ${formatCalendarDay(event.newMaturityOn)}. Interest continues at your investor rate until the loan is repaid.`,
      };
    case 'paid-off':
      return {
        kind: event.kind,
        episode: event.day,
        title: 'The loan is paid off',
        body: `The borrower paid the loan off on ${formatCalendarDay(event.day)}. Your principal and the last interest are paid in the next distribution.`,
      };
  }
}

/** An update as the staff page and the investor's position list it (newest first). */
export interface LoanUpdateRow {
  id: string;
  kind: LoanUpdateKind;
  title: string;
  body: string;
  /** Staff's name on a post; null for the platform's own. */
  authorName: string | null;
  /** ISO time. */
  createdAt: string;
}
