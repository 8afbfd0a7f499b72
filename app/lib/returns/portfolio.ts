/**
 * What an investor reads of their returns (issue 25 "Investor": Portfolio, Distributions,
 * Documents): the shapes the domain (app/server/domain/returns/portfolio.server.ts) gives the
 * pages, the CSV and the components, and the addresses of the investor's statements. Pure.
 *
 * Units: cents, percent a year, the lender's days 'YYYY-MM-DD'.
 */
import type { Cents } from '../money';
import type { PositionStatus } from './vocabulary';

/** Months the portfolio's chart of distributions covers (the current one and the 11 before). */
export const DISTRIBUTION_MONTHS = 12;

/** The address of a paid run's statement for the investor (resources route, built apart). */
export const distributionStatementHref = (runNumber: number) => `/dashboard/investments/statements/${runNumber}`;

/** The address of an issued tax statement's PDF for the investor. */
export const taxStatementHref = (year: number) => `/dashboard/documents/tax/${year}`;

/** One position as the portfolio, its CSV and the position page show it. */
export interface PortfolioPosition {
  id: string;
  dealId: string;
  dealTitle: string;
  /** The deal's public page. */
  dealHref: string;
  amountCents: Cents;
  fundedOn: string;
  /** The note amount in cents: the share is amountCents ÷ noteAmountCents, exactly. */
  noteAmountCents: Cents;
  investorRatePercent: number;
  status: PositionStatus;
  /** Days past the loan's oldest unpaid due day (0 when current or paid off). */
  daysPastDue: number;
  /** Principal received in paid runs, and the amount less it. */
  principalReceivedCents: Cents;
  principalOutstandingCents: Cents;
  /** Interest received in paid runs, since the position was funded. */
  interestReceivedCents: Cents;
  /** The next installment's day and this position's expected interest of it; null when paid off or past maturity. */
  nextPayment: { dueOn: string; amountCents: Cents } | null;
}

/** The distributions received in one month. */
export interface MonthDistributions {
  /** 'YYYY-MM'. */
  month: string;
  interestCents: Cents;
  principalCents: Cents;
}

/** An investor's portfolio on the lender's `today`. */
export interface Portfolio {
  positions: PortfolioPosition[];
  totals: {
    investedCents: Cents;
    principalOutstandingCents: Cents;
    /** Interest received in runs paid in today's calendar year, and since the first one. */
    interestThisYearCents: Cents;
    interestSinceStartCents: Cents;
    year: number;
  };
  /** The last DISTRIBUTION_MONTHS months, oldest first, months without any included (zeros). */
  byMonth: MonthDistributions[];
}

/** One distribution line of a position, from a paid run. */
export interface PositionLine {
  runNumber: number;
  /** The ledger entry's day, and the day the run was paid. */
  day: string;
  paidOn: string;
  interestCents: Cents;
  principalCents: Cents;
  feesCents: Cents;
}

/** One payment received: a paid run's payment to the investor. */
export interface DistributionReceived {
  runNumber: number;
  periodFrom: string;
  periodTo: string;
  paidOn: string;
  interestCents: Cents;
  principalCents: Cents;
  feesCents: Cents;
  /** What the bank paid (the three, plus any shortfall carried in from an earlier run). */
  amountCents: Cents;
  statementHref: string;
}

/** One calendar year's tax statement as the investor's Documents page lists it. */
export interface TaxYear {
  year: number;
  /** 'available': issued (the latest version's figure); 'expected': not yet (the interest paid so far). */
  status: 'expected' | 'available';
  interestCents: Cents;
  version: number | null;
  href: string | null;
  /** The year is today's (or later): its figure grows with each run paid until it ends. */
  inProgress: boolean;
}
