/**
 * The lender's view of demand (issue "Investing"; docs/product.md §11): per deal, every amount
 * with its investor, status, suitability statement and accreditation record, the totals against
 * the amount to raise, the waitlist in order and the investors who follow the deal; the same
 * amounts for the CSV export; and, for the dashboard, demand across the Active deals.
 *
 * Built to answer in a few milliseconds at 10,000 amounts on one deal (`npm run bench -- demand`):
 * - the totals are one aggregate over soft_commitment_deal_idx (deal, status, queued_at);
 * - the amounts are ordered by status (the vocabulary's order), then order of arrival. A page is
 *   cut into one window per status it spans (the per-status counts of the totals say where),
 *   each read straight from soft_commitment_deal_idx from its nearer end, and only the page's
 *   rows are joined to the investor, the statement and the current accreditation record;
 * - a waitlisted amount's place in line is its offset within the waitlisted window, so it costs
 *   no query.
 * Changes of amounts are made by `moveCommitment` (investments.server.ts), never here.
 */
import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { COUNTED_STATUSES, DEMAND_PAGE_SIZE, MOVE_NOTE_MAX, OPEN_STATUSES, type CommitmentStatus } from '~/lib/investing';
import { lenderDay, shareTenths } from '~/lib/format';
import { db } from '../../db/client.server';
import { bound, preparedRead } from '../../db/prepared.server';
import { firstPageRows, pageAsked, readNumberedPage, type NumberedPage, type PageWindow } from '../../db/paging.server';
import { isUuid } from '../../db/query.server';
import { deal, dealInterest, softCommitment, user } from '../../db/schema';
import { NotFound, Refused } from '../../errors.server';
import type { Actor } from '../audit.server';
import { moveCommitment } from './commitments.server';
import { amountRows, STATUS_ORDER, type AmountRecord } from './demand-amounts.server';
import type { DemandDeal, Tally, DemandTotals, DemandRow, DemandFollower } from '~/lib/demand';
import type { FeesTo } from '~/lib/returns/vocabulary';

/** Waitlisted amounts shown in the demand page's waitlist card (the whole line is the Waitlisted filter). */
export const WAITLIST_HEAD = 10;
/** Active deals the dashboard's demand chart shows, newest first. */
export const DEMAND_CHART_DEALS = 10;

/** Everything the demand page shows of deal `dealId` (see `dealDemand`). */
export interface DealDemand {
  deal: DemandDeal;
  totals: DemandTotals;
  followerCount: number;
  /** The first WAITLIST_HEAD waitlisted amounts, in line. */
  waitlist: DemandRow[];
  /** The page of amounts (view 'amounts'), else null. */
  amounts: NumberedPage<DemandRow> | null;
  /** The page of followers (view 'followers'), else null. */
  followers: NumberedPage<DemandFollower> | null;
}

// ---------------------------------------------------------------- reading

/** A deal as the demand page reads it: its head (`DemandDeal`) and the terms its positions need. */
export interface DemandPageDeal extends DemandDeal {
  /** The investor rate, percent a year. */
  investorRatePercent: number;
  feesTo: FeesTo;
  /** How many investors follow the deal. */
  followerCount: number;
}

/**
 * Deal `dealId` unless it is missing, deleted or the id is malformed: its head, its positions'
 * terms and its number of followers (`DemandPageDeal`), one primary-key read the demand page
 * shares with `dealPositions` (returns/holdings.server.ts), so the row is read once.
 */
export async function demandDeal(dealId: string): Promise<DemandPageDeal | null> {
  if (!isUuid(dealId)) return null;
  const [row] = await demandDealRow(bound('dealId', dealId));
  return row ?? null;
}
const demandDealRow = preparedRead('demand_deal', (r, dealId) =>
  r
    .select({
      id: deal.id,
      title: deal.title,
      status: deal.status,
      amountToRaise: deal.amountToRaise,
      minimumInvestment: deal.minimumInvestment,
      investmentStep: deal.investmentStep,
      investorRatePercent: deal.interestRate,
      feesTo: deal.feesTo,
      // Compared with the id given, not deal.id: drizzle writes a one-table select's columns
      // without their table, and a bare "id" in here would be deal_interest's own.
      followerCount: sql<number>`(select count(*)::int from ${dealInterest} where ${dealInterest.dealId} = ${dealId})`,
    })
    .from(deal)
    .where(and(eq(deal.id, dealId), isNull(deal.deletedAt))),
);

/** The head the demand page and the export show: `target` without the positions' terms. */
function headOf(target: DemandDeal): DemandDeal {
  const { id, title, status, amountToRaise, minimumInvestment, investmentStep } = target;
  return { id, title, status, amountToRaise, minimumInvestment, investmentStep };
}

/** `dealId`'s amounts by status: count and sum (whole dollars), one aggregate query. */
function statusTallies(dealId: string) {
  return tallies(bound('dealId', dealId));
}
const tallies = preparedRead('demand_tallies', (r, dealId) =>
  r
    .select({
      status: softCommitment.status,
      count: count(),
      amount: sql<string>`coalesce(sum(${softCommitment.amount}), 0)`,
    })
    .from(softCommitment)
    .where(eq(softCommitment.dealId, dealId))
    .groupBy(softCommitment.status),
);

/** The totals of `rows` (`statusTallies`) against `amountToRaise` (whole dollars). */
function demandTotals(rows: Awaited<ReturnType<typeof statusTallies>>, amountToRaise: number): DemandTotals {
  const byStatus = Object.fromEntries(STATUS_ORDER.map((s) => [s, { amount: 0, count: 0 }])) as Record<CommitmentStatus, Tally>;
  for (const r of rows) byStatus[r.status] = { amount: Number(r.amount), count: r.count };
  const counted = COUNTED_STATUSES.reduce(
    (sum, s) => ({ amount: sum.amount + byStatus[s].amount, count: sum.count + byStatus[s].count }),
    { amount: 0, count: 0 },
  );
  return {
    byStatus,
    counted,
    percentOfRaise: shareTenths(counted.amount, amountToRaise) / 10,
    left: Math.max(0, amountToRaise - counted.amount),
  };
}

function toDemandRow(r: AmountRecord, position: number | null, today: string): DemandRow {
  return {
    id: r.id,
    investorId: r.investorId,
    name: r.name,
    email: r.email,
    amount: r.amount,
    status: r.status,
    statusChangedAt: r.statusChangedAt.toISOString(),
    queuedAt: r.queuedAt.toISOString(),
    note: r.note,
    position,
    suitability: r.signedAt
      ? { signedAt: r.signedAt.toISOString(), netWorth: r.netWorth === true, income: r.income === true }
      : null,
    accreditation: r.method && r.expiresOn ? { method: r.method, expiresOn: r.expiresOn, expired: r.expiresOn < today } : null,
  };
}

/**
 * The windows, one per status, that rows `offset`…`offset + limit` of the amounts in `statuses`
 * (in that order, each in order of arrival) fall in, given each status's `counts`.
 */
export function statusWindows(
  statuses: readonly CommitmentStatus[],
  counts: Record<CommitmentStatus, number>,
  offset: number,
  limit: number,
): { status: CommitmentStatus; offset: number; limit: number; count: number }[] {
  const windows: { status: CommitmentStatus; offset: number; limit: number; count: number }[] = [];
  let skip = offset;
  let take = limit;
  for (const status of statuses) {
    if (take <= 0) break;
    const n = counts[status];
    if (skip >= n) {
      skip -= n;
      continue;
    }
    const here = Math.min(take, n - skip);
    windows.push({ status, offset: skip, limit: here, count: n });
    take -= here;
    skip = 0;
  }
  return windows;
}

/** Reads `window` of one status from the nearer end of its order; rows come in order of arrival. */
async function readWindow(dealId: string, w: { status: CommitmentStatus; offset: number; limit: number; count: number }) {
  const fromLast = w.count - w.offset - w.limit;
  if (fromLast >= w.offset) return amountRows(dealId, { status: w.status, offset: w.offset, limit: w.limit });
  return (await amountRows(dealId, { status: w.status, offset: fromLast, limit: w.limit, fromEnd: true })).reverse();
}

/**
 * One page of `dealId`'s amounts: those in `status`, or all of them by status (Indicated,
 * Waitlisted, Confirmed, Funded, Declined, Withdrawn), each status in order of arrival.
 */
async function amountsPage(
  dealId: string,
  totals: DemandTotals,
  opts: { page: number; status: CommitmentStatus | null; first: AmountRecord[] | null },
): Promise<NumberedPage<DemandRow>> {
  const statuses = opts.status ? [opts.status] : STATUS_ORDER;
  const counts = Object.fromEntries(STATUS_ORDER.map((s) => [s, totals.byStatus[s].count])) as Record<CommitmentStatus, number>;
  const total = statuses.reduce((n, s) => n + counts[s], 0);
  const pageCount = Math.max(1, Math.ceil(total / DEMAND_PAGE_SIZE));
  const page = Math.min(pageAsked(opts.page), pageCount);
  if (page === 1 && opts.first) {
    // The first page, read with the totals: a waitlisted amount's place is its rank on it.
    const today = lenderDay();
    let line = 0;
    const rows = opts.first.map((r) => toDemandRow(r, r.status === 'waitlisted' ? ++line : null, today));
    return { rows, total, page, pageCount };
  }
  // The windows are read together; each is one index range of soft_commitment_deal_idx.
  const windows = statusWindows(statuses, counts, (page - 1) * DEMAND_PAGE_SIZE, DEMAND_PAGE_SIZE);
  const parts = await Promise.all(windows.map((w) => readWindow(dealId, w)));
  const today = lenderDay();
  const rows = parts.flatMap((part, i) =>
    part.map((r, j) => toDemandRow(r, r.status === 'waitlisted' ? windows[i]!.offset + j + 1 : null, today)),
  );
  return { rows, total, page, pageCount };
}

/**
 * The first DEMAND_PAGE_SIZE amounts of `dealId` in the page's order: those in `status`, or all
 * by status then order of arrival. They do not depend on the totals, so they are read with them.
 */
async function firstAmounts(dealId: string, status: CommitmentStatus | null): Promise<AmountRecord[]> {
  if (status) return amountRows(dealId, { status, offset: 0, limit: DEMAND_PAGE_SIZE });
  const rows = await amountRows(dealId, { byStatus: true, limit: DEMAND_PAGE_SIZE });
  const rank = new Map(STATUS_ORDER.map((s, i) => [s, i]));
  // In order of arrival: a stable sort by status keeps it within each status.
  return rows.sort((a, b) => rank.get(a.status)! - rank.get(b.status)!);
}

/** One page of `dealId`'s followers, newest first, each with their open amount on the deal (`followerRows`). */
async function followersPage(
  dealId: string,
  total: number,
  requestedPage: number,
  firstPage: Promise<DemandFollower[]> | undefined,
): Promise<NumberedPage<DemandFollower>> {
  return readNumberedPage({
    requestedPage,
    pageSize: DEMAND_PAGE_SIZE,
    total,
    count: async () => total,
    rows: followerRows(dealId),
    firstPage,
  });
}

/** Reads a window of `dealId`'s followers (`PageWindow`), each with their open amount on the deal. */
function followerRows(dealId: string): (window: PageWindow) => Promise<DemandFollower[]> {
  return async ({ offset, limit, newestFirst }) => {
    const order = newestFirst ? desc : asc;
    const page = db()
      .select({ id: dealInterest.id, userId: dealInterest.userId, createdAt: dealInterest.createdAt })
      .from(dealInterest)
      .where(eq(dealInterest.dealId, dealId))
      .orderBy(order(dealInterest.createdAt), order(dealInterest.id))
      .limit(limit)
      .offset(offset)
      .as('page_followers');
    // At most one open amount per investor and deal (soft_commitment_open_idx).
    const open = db()
      .select({ status: softCommitment.status, amount: softCommitment.amount })
      .from(softCommitment)
      .where(
        and(
          eq(softCommitment.dealId, dealId),
          eq(softCommitment.investorId, page.userId),
          inArray(softCommitment.status, [...OPEN_STATUSES]),
        ),
      )
      .limit(1)
      .as('open_amount');
    const rows = await db()
      .select({
        id: page.id,
        userId: page.userId,
        name: user.name,
        email: user.email,
        createdAt: page.createdAt,
        status: open.status,
        amount: open.amount,
      })
      .from(page)
      .innerJoin(user, eq(user.id, page.userId))
      .leftJoinLateral(open, sql`true`)
      .orderBy(order(page.createdAt), order(page.id));
    return rows.map((r) => ({
      id: r.id,
      userId: r.userId,
      name: r.name,
      email: r.email,
      followedAt: r.createdAt.toISOString(),
      amount: r.status && r.amount !== null ? { status: r.status, amount: r.amount } : null,
    }));
  };
}

/**
 * The demand of deal `dealId` for its admin page: the deal; the totals by status (sums in whole
 * dollars and counts; counted = Indicated + Confirmed + Funded, with its percent of the amount to
 * raise); the number of followers; the first WAITLIST_HEAD waitlisted amounts in line; and, for
 * `view` 'amounts', page `page` (DEMAND_PAGE_SIZE a page; past the end gives the last) of the
 * amounts in `status` or of all of them by status then order of arrival, or, for 'followers',
 * that page of the followers, newest first. Each amount carries its investor, status date, note,
 * place in line (waitlisted), suitability statement and current accreditation record.
 * `target` is the deal's read (`demandDeal`) when the caller shares it with another reader.
 * Every read is keyed by the id and sent together with the deal's (issue 26: one database wait);
 * only a page after the first waits for the totals that place it.
 * Returns null for a deal that does not exist, is deleted or has a malformed id (whatever was
 * read with it is discarded).
 */
export async function dealDemand(
  dealId: string,
  opts: { page: number; status?: CommitmentStatus | null; view?: 'amounts' | 'followers' },
  target: Promise<DemandPageDeal | null> = demandDeal(dealId),
): Promise<DealDemand | null> {
  if (!isUuid(dealId)) return null;
  const view = opts.view ?? 'amounts';
  const status = opts.status ?? null;
  const first = view === 'amounts' && pageAsked(opts.page) === 1 ? firstAmounts(dealId, status) : null;
  // The waitlist's head is the first page's when that page is the waitlist.
  const waitlistOnPage = first !== null && status === 'waitlisted';
  const followersFirst =
    view === 'followers'
      ? firstPageRows({ requestedPage: opts.page, pageSize: DEMAND_PAGE_SIZE, rows: followerRows(dealId) })
      : undefined;
  const [head, tallies, firstRows, waitlisted] = await Promise.all([
    target,
    statusTallies(dealId),
    first,
    waitlistOnPage ? null : amountRows(dealId, { status: 'waitlisted', offset: 0, limit: WAITLIST_HEAD }),
    followersFirst,
  ]);
  if (!head) return null;
  const today = lenderDay();
  const totals = demandTotals(tallies, head.amountToRaise);
  const { followerCount } = head;
  const waitlist = waitlisted ?? firstRows!.slice(0, WAITLIST_HEAD);
  return {
    deal: headOf(head),
    totals,
    followerCount,
    waitlist: waitlist.map((r, i) => toDemandRow(r, i + 1, today)),
    amounts: view === 'amounts' ? await amountsPage(dealId, totals, { page: opts.page, status, first: firstRows }) : null,
    followers: view === 'followers' ? await followersPage(dealId, followerCount, opts.page, followersFirst) : null,
  };
}

/**
 * Every amount of deal `dealId` (all statuses) for the CSV export, in the page's order (status,
 * then order of arrival), with the same details as `dealDemand`'s rows; null for no such deal.
 */
export async function demandExport(dealId: string): Promise<{ deal: DemandDeal; rows: DemandRow[] } | null> {
  const target = await demandDeal(dealId);
  if (!target) return null;
  const today = lenderDay();
  const rows = await amountRows(dealId, {});
  const rank = new Map(STATUS_ORDER.map((s, i) => [s, i]));
  // Already in order of arrival: a stable sort by status keeps it within each status.
  rows.sort((a, b) => rank.get(a.status)! - rank.get(b.status)!);
  let line = 0;
  return {
    deal: headOf(target),
    rows: rows.map((r) => toDemandRow(r, r.status === 'waitlisted' ? ++line : null, today)),
  };
}

// ---------------------------------------------------------------- changing

/**
 * Staff move amount `commitmentId` of deal `dealId` to `to` with `note` (trimmed; shown to the
 * investor): `moveCommitment` (investments.server.ts) does the move, its audit event, the
 * investor's notification and e-mail, and moves the waitlist up after a decline. A decline needs
 * a note: the investor is owed a reason (our decision on product §11 "with a note").
 * @throws NotFound when the amount is not on this deal (or does not exist); Refused('invalid')
 *   for a decline without a note or a note over MOVE_NOTE_MAX; Refused('conflict') for a move
 *   STAFF_MOVES does not allow, or to Funded on a deal that offers a loan (funds received make a
 *   position there: domain/returns/positions.server.ts).
 */
export async function moveDealCommitment(
  actor: Actor,
  dealId: string,
  move: { commitmentId: string; to: CommitmentStatus; note: string },
): Promise<{ name: string; amount: number }> {
  const note = move.note.trim();
  if (!isUuid(dealId) || !isUuid(move.commitmentId)) throw new NotFound('This amount does not exist.');
  const [row] = await db()
    .select({ name: user.name, amount: softCommitment.amount, loanId: deal.loanId })
    .from(softCommitment)
    .innerJoin(user, eq(user.id, softCommitment.investorId))
    .innerJoin(deal, eq(deal.id, softCommitment.dealId))
    .where(and(eq(softCommitment.id, move.commitmentId), eq(softCommitment.dealId, dealId), isNull(deal.deletedAt)));
  if (!row) throw new NotFound('This amount does not exist.');
  // On a deal that offers a loan, Funded is reached only by recording the funds (a position; issue 25).
  if (move.to === 'funded' && row.loanId)
    throw new Refused(
      'conflict',
      'This deal offers a loan: record the funds received under Positions, and the amount becomes a position.',
      'Not changed',
    );
  if (note.length > MOVE_NOTE_MAX)
    throw new Refused('invalid', `A note must be at most ${MOVE_NOTE_MAX} characters.`, 'Not changed');
  if (move.to === 'declined' && !note)
    throw new Refused('invalid', 'Please give the investor a reason for the decline.', 'Note needed');
  await moveCommitment(actor, move.commitmentId, move.to, note);
  return { name: row.name, amount: row.amount };
}
