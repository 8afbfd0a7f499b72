/**
 * A position's loan status as its investors read it (issue 25 "Portfolio": Current, Late 1–29 /
 * 30–59 / 60+ days, In default, Extended, Paid off), from the loan's servicing figures. One rule
 * for the portfolio, the position page, the staff pages, the CSV and the loan-update notices:
 *
 * - Paid off: the loan is paid off (its payoff recorded).
 * - In default: 90 or more days past the oldest unpaid due day, or past the maturity in force
 *   with principal outstanding.
 * - Late 60+, 30–59, 1–29 days: days past the oldest unpaid due day (servicing's `daysPastDue`).
 * - Extended: not late, and an extension of the maturity was approved.
 * - Current: otherwise.
 */
import { daysBetween } from '../servicing/day-count';
import type { PositionStatus } from './vocabulary';

/** Days past due from which a loan is in default. */
export const DEFAULT_DAYS = 90;
/** Days past due at which investors are told their loan is late (a loan update). */
export const LATE_NOTICE_DAYS = 30;

export interface LoanStanding {
  paidOff: boolean;
  /** Days past the oldest unpaid due day on the lender's `today` (0 when current). */
  daysPastDue: number;
  /** The maturity in force (the last approved extension's), 'YYYY-MM-DD'. */
  maturityOn: string;
  principalCents: number;
  extended: boolean;
  /** The lender's day, 'YYYY-MM-DD'. */
  today: string;
}

/** The status of a position whose loan stands as `s` (see the module's rules). */
export function positionStatus(s: LoanStanding): PositionStatus {
  if (s.paidOff) return 'paid-off';
  if (s.daysPastDue >= DEFAULT_DAYS || (daysBetween(s.maturityOn, s.today) > 0 && s.principalCents > 0)) return 'default';
  if (s.daysPastDue >= 60) return 'late-60-plus';
  if (s.daysPastDue >= 30) return 'late-30-59';
  if (s.daysPastDue >= 1) return 'late-1-29';
  return s.extended ? 'extended' : 'current';
}
