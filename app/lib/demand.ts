/**
 * The lender's view of demand as the admin components draw it (issue "Investing"): the shapes
 * demand.server.ts and demand-summary.server.ts return. Amounts in whole dollars.
 */
import type { CommitmentStatus } from './investing';

/** A deal as the demand page heads it; amounts in whole dollars. */
export interface DemandDeal {
  id: string;
  title: string;
  status: 'Active' | 'Closed';
  amountToRaise: number;
  minimumInvestment: number;
  investmentStep: number;
}

/** A sum of amounts (whole dollars) and how many there are. */
export interface Tally {
  amount: number;
  count: number;
}

/** The totals of a deal's amounts by status, and what counts against the raise. */
export interface DemandTotals {
  byStatus: Record<CommitmentStatus, Tally>;
  /** Indicated + Confirmed + Funded: what counts against the amount to raise. */
  counted: Tally;
  /** `counted` as a percent of the amount to raise, to the tenth (`shareTenths`: half up, once; 0 when there is nothing to raise). */
  percentOfRaise: number;
  /** What is left of the raise, whole dollars, never below 0. */
  left: number;
}

/** One amount of the demand page. Dates are ISO 8601. */
export interface DemandRow {
  id: string;
  investorId: string;
  name: string;
  email: string;
  /** Whole dollars. */
  amount: number;
  status: CommitmentStatus;
  /** When it reached its status. */
  statusChangedAt: string;
  /** When it arrived (or joined the back of the waitlist): the order of the line. */
  queuedAt: string;
  note: string | null;
  /** 1 for the first in line; null unless waitlisted. */
  position: number | null;
  suitability: { signedAt: string; netWorth: boolean; income: boolean } | null;
  accreditation: AccreditationState | null;
}

/** One follower of a deal: who, since when, and their open amount there if any. */
export interface DemandFollower {
  id: string;
  userId: string;
  name: string;
  email: string;
  followedAt: string;
  amount: { status: CommitmentStatus; amount: number } | null;
}

/** A deal's demand in the dashboard chart and the deals list; amounts in whole dollars. */
export interface DealDemandSummary {
  id: string;
  title: string;
  amountToRaise: number;
  indicated: number;
  confirmed: number;
  funded: number;
  waitlisted: number;
}

/** An investor's current accreditation record as the lender sees it. */
export interface AccreditationState {
  method: 'self_certified' | 'professional_letter' | 'lender_verified';
  /** 'YYYY-MM-DD', lender's zone. */
  expiresOn: string;
  /** True once the expiry day has passed (a record counts through its expiry day). */
  expired: boolean;
}
