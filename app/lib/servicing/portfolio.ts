/**
 * The staff's servicing list, browser and server alike (issue 24 "Lender's staff"): its filters,
 * page size, URL parameters and the row a page and the CSV draw. Money in cents, days
 * 'YYYY-MM-DD' (the lender's).
 */
import { z } from 'zod';
import type { Choice } from '../vocabulary';
import { oneOfParam, pageParam, searchParam } from '../search-params';
import { DELINQUENCY_BUCKETS, type DelinquencyBucket } from './vocabulary';

/** Loans per page of /admin-dashboard/servicing. */
export const SERVICING_PAGE_SIZE = 25;

/** "Maturing": the maturity in force falls from today to this many days ahead (included). */
export const MATURING_WITHIN_DAYS = 60;

/** The list's filters ('all' is no filter). */
export const SERVICING_FILTERS = [
  { value: 'delinquent', label: 'Delinquent' },
  { value: 'maturing', label: `Maturing within ${MATURING_WITHIN_DAYS} days` },
  { value: 'draws', label: 'Draws waiting' },
] as const satisfies readonly Choice[];
export type ServicingFilter = 'all' | (typeof SERVICING_FILTERS)[number]['value'];

/** The list's URL: `?q=…&filter=delinquent&bucket=30-59&page=2`; anything else falls back. */
export const servicingQuery = z.object({
  q: searchParam,
  filter: oneOfParam(SERVICING_FILTERS.map((f) => f.value) as [ServicingFilter, ...ServicingFilter[]]),
  bucket: oneOfParam(DELINQUENCY_BUCKETS.map((b) => b.value) as [DelinquencyBucket, ...DelinquencyBucket[]]),
  page: pageParam,
});

/** One loan of the list, as of the lender's day it was read. */
export interface ServicingRow {
  id: string;
  reference: string;
  borrowerName: string;
  property: string;
  /** Principal outstanding, cents. */
  principalCents: number;
  /** Holdback not yet drawn, cents. */
  holdbackCents: number;
  /** Interest billed and unpaid, cents. */
  interestDueCents: number;
  /** The next due day on or after today, or null past the maturity. */
  nextDueOn: string | null;
  /** The oldest unpaid due day (schedule.ts `pastDueSince`), or null when current. */
  pastDueSince: string | null;
  daysDelinquent: number;
  bucket: DelinquencyBucket;
  /** The maturity in force (the last approved extension's, else the closing record's). */
  maturityOn: string;
  /** Draw requests submitted, in inspection or approved and not yet funded. */
  drawsWaiting: number;
}
