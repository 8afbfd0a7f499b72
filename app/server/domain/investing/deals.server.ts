/**
 * Deals and interests (product §2 Our Deals, Investor dashboard, Deal detail; §3 deals and
 * users_deals; §4 follow and ordering; §7 Deals; §8 Interest; §9 page sizes; product decisions).
 * Filters, ordering and pages are computed by the database. Interest is always the signed-in
 * user's own; only Active deals take it; a unique index makes a follow happen once.
 */
import { and, asc, count, desc, eq, ilike, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { DEAL_FILTERS, type DealFilter } from '~/lib/deals';
import { db, type Reader } from '../../db/client.server';
import { deal, dealInterest, softCommitment } from '../../db/schema';
import { env } from '../../env.server';
import { queueEmail } from '../../mail/outbox.server';
import { addNotification } from '../notifications.server';
import { isUuid, qualified } from '../../db/query.server';
import { bound, preparedParts, preparedRead, type Bound, type BoundSql } from '../../db/prepared.server';
import { NotFound, Refused } from '../../errors.server';

/** Spec §9 notification titles of the investor portal. */
/**
 * Investor-portal notification titles of following a deal (docs/decisions/0005-follow-and-amount.md:
 * 'Deal Followed' / 'Deal Unfollowed'; the older 'Interest Recorded' / 'Interest Removed' of
 * notifications written before the wording changed).
 */
export const INTEREST_NOTIFICATION_TITLES = ['Deal Followed', 'Deal Unfollowed', 'Interest Recorded', 'Interest Removed'];

/** A deal as the cards and the detail page show it. */
const cardColumns = {
  id: deal.id,
  title: deal.title,
  location: deal.location,
  type: deal.type,
  acreage: deal.acreage,
  loanAmount: deal.loanAmount,
  ltv: deal.ltv,
  termMonths: deal.termMonths,
  interestRate: deal.interestRate,
  minimumInvestment: deal.minimumInvestment,
  status: deal.status,
  imageKeys: deal.imageKeys,
  createdAt: deal.createdAt,
  amountToRaise: deal.amountToRaise,
  /** What counts against the raise (indicated, confirmed, funded), whole dollars: the card's progress. */
  counted:
    sql<number>`(select coalesce(sum(${softCommitment.amount}), 0) from ${softCommitment} where ${softCommitment.dealId} = ${qualified(deal.id)} and ${softCommitment.status} in ('indicated', 'confirmed', 'funded'))`.mapWith(
      Number,
    ),
};

function filterWhere(filter: DealFilter): SQL {
  const word = DEAL_FILTERS.find((f) => f.value === filter)?.match;
  // Spec §2: the type text contains the word (Residential, Commercial, Mixed Use).
  return and(isNull(deal.deletedAt), word ? ilike(deal.type, `%${word}%`) : undefined) as SQL;
}

/**
 * One page of deals for `viewerId`, `pageSize` per page, filtered by `filter`. With
 * `followedFirst` (investor dashboard): the viewer's followed deals first, then Active, then
 * newest; otherwise newest first (Our Deals). Each deal says whether the viewer follows it.
 * A page past the end gives the last page.
 */
export async function listDeals(
  viewerId: string,
  opts: { filter: DealFilter; page: number; pageSize: number; followedFirst: boolean },
) {
  return opts.followedFirst ? investorPage(viewerId, opts) : newestPage(viewerId, opts);
}

type PageOptions = { filter: DealFilter; page: number; pageSize: number };

/**
 * The list's filter as the bound argument of its prepared reads (db/prepared.server.ts): the
 * filter's condition (one statement per filter), the viewer and the page's `limit` and `offset`.
 */
function listed(filter: DealFilter, viewerId: string, limit: number, offset: number): Bound {
  return { sql: filterWhere(filter), shape: filter, values: { viewerId, limit, offset } };
}

/** Whether the viewer (the placeholder `viewerId`) follows the outer row's deal. */
const viewerFollows = sql`exists (select 1 from ${dealInterest} where ${dealInterest.dealId} = ${qualified(deal.id)} and ${dealInterest.userId} = ${sql.placeholder('viewerId')})`;

/** The select of `limit` cards from `offset` where `where` holds and `condition`, in `order`. */
const cardsPart = (condition: SQL | undefined, order: SQL[]) => (r: Reader, where: BoundSql) =>
  r
    .select(cardColumns)
    .from(deal)
    .where(and(where as SQL, condition))
    .orderBy(...order)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));

/** The investor's order's counts: every deal, those the viewer follows, the Active ones they do not. */
const segmentCountsPart = (r: Reader, where: BoundSql) => {
  const mine = r
    .select({ dealId: dealInterest.dealId })
    .from(dealInterest)
    .where(eq(dealInterest.userId, sql.placeholder('viewerId')))
    .as('mine');
  return r
    .select({
      total: count(),
      followed: count(mine.dealId),
      active: sql<number>`count(*) filter (where ${mine.dealId} is null and ${deal.status} = 'Active')`.mapWith(Number),
    })
    .from(deal)
    .leftJoin(mine, eq(mine.dealId, deal.id))
    .where(where as SQL);
};

const newestFirst = [desc(deal.createdAt), asc(deal.id)];
/** The investor's order's three segments: followed (Active first), Active, the rest. */
const segmentParts = {
  followed: cardsPart(viewerFollows, [desc(sql`(${deal.status} = 'Active')`), ...newestFirst]),
  active: cardsPart(and(sql`not ${viewerFollows}`, eq(deal.status, 'Active')), newestFirst),
  rest: cardsPart(and(sql`not ${viewerFollows}`, ne(deal.status, 'Active')), newestFirst),
};
const listReads = {
  count: preparedRead('deals_count', (r, where) =>
    r
      .select({ total: count() })
      .from(deal)
      .where(where as SQL),
  ),
  newest: preparedRead('deals_newest', (r, where) =>
    r
      .select({ ...cardColumns, following: sql<boolean>`${viewerFollows}` })
      .from(deal)
      .where(where as SQL)
      .orderBy(...newestFirst)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset')),
  ),
  segmentCounts: preparedRead('deals_segment_counts', segmentCountsPart),
  segments: [
    { following: true, read: preparedRead('deals_followed', segmentParts.followed) },
    { following: false, read: preparedRead('deals_active', segmentParts.active) },
    { following: false, read: preparedRead('deals_rest', segmentParts.rest) },
  ],
  /** The first page of the investor's order with its counts: one statement (`preparedParts`). */
  firstPage: preparedParts('deals_first_page', { counts: segmentCountsPart, ...segmentParts }),
};

/**
 * The first page of the investor's order over `filter`, with its counts, as parts of another
 * page's one statement (`preparedParts`): the placeholders `viewerId`, `limit` (the page's size)
 * and `offset` (0) take `firstPageValues`. Read back by `firstPageView`.
 */
export function dealsFirstPageParts(filter: DealFilter) {
  const where = filterWhere(filter);
  return {
    counts: (r: Reader) => segmentCountsPart(r, where),
    followed: (r: Reader) => segmentParts.followed(r, where),
    active: (r: Reader) => segmentParts.active(r, where),
    rest: (r: Reader) => segmentParts.rest(r, where),
  };
}

/** The values of `dealsFirstPageParts`' placeholders for `viewerId` and a page of `pageSize`. */
export function firstPageValues(viewerId: string, pageSize: number) {
  return { viewerId, limit: pageSize, offset: 0 };
}

type FirstPageRows = Awaited<ReturnType<typeof listReads.firstPage>>;

/** The investor's first page of `pageSize` (`listDeals`' answer) of what the first page's parts read. */
export function firstPageView(first: FirstPageRows, pageSize: number) {
  const counts = first.counts[0] ?? { total: 0, followed: 0, active: 0 };
  const { page, pageCount } = clampPage(counts.total, { pageSize, page: 1 });
  // Cut in segment order: followed, Active, the rest.
  const deals = [
    ...first.followed.map((r) => ({ ...r, following: true })),
    ...first.active.map((r) => ({ ...r, following: false })),
    ...first.rest.map((r) => ({ ...r, following: false })),
  ];
  return { deals: deals.slice(0, pageSize), total: counts.total, page, pageCount };
}

function clampPage(total: number, opts: Pick<PageOptions, 'page' | 'pageSize'>) {
  const pageCount = Math.max(1, Math.ceil(total / opts.pageSize));
  return { pageCount, page: Math.min(Math.max(1, opts.page), pageCount) };
}

/** Our Deals: newest first, one indexed query for the page. */
async function newestPage(viewerId: string, opts: PageOptions) {
  const [{ total } = { total: 0 }] = await listReads.count(listed(opts.filter, viewerId, 0, 0));
  const { page, pageCount } = clampPage(total, opts);
  const rows = await listReads.newest(listed(opts.filter, viewerId, opts.pageSize, (page - 1) * opts.pageSize));
  return { deals: rows, total, page, pageCount };
}

/**
 * The investor's order (product §4): followed, then Active, then the rest, newest first within
 * each. Rather than sorting every deal per request, the list is read as three segments, each
 * in index order (followed deals are few; Active and Closed use (status, created_at)), and the
 * page is cut across them from their counts: a late page costs about what a first page does.
 * The first page, the one nearly always asked for, is read with the counts: each segment's first
 * `pageSize` rows, in the same database wait.
 */
async function investorPage(viewerId: string, opts: PageOptions) {
  /** `limit` deals from `offset` of segment `i`, each marked as the segment is. */
  const segmentRows = async (i: number, limit: number, offset: number) => {
    const { read, following } = listReads.segments[i]!;
    return (await read(listed(opts.filter, viewerId, limit, offset))).map((r) => ({ ...r, following }));
  };
  const segmentIndexes = listReads.segments.map((_, i) => i);
  if (opts.page <= 1) {
    // The first page does not depend on the counts: the first `pageSize` of each segment, read
    // with the counts in one statement (issue 26), then cut in segment order.
    return firstPageView(await listReads.firstPage(listed(opts.filter, viewerId, opts.pageSize, 0)), opts.pageSize);
  }
  const counts = await listReads
    .segmentCounts(listed(opts.filter, viewerId, 0, 0))
    .then(([row]) => row ?? { total: 0, followed: 0, active: 0 });
  const { page, pageCount } = clampPage(counts.total, opts);
  const sizes = [counts.followed, counts.active, counts.total - counts.followed - counts.active];
  let skip = (page - 1) * opts.pageSize;
  let wanted = opts.pageSize;
  const rows: Awaited<ReturnType<typeof segmentRows>> = [];
  for (const i of segmentIndexes) {
    const size = sizes[i]!;
    if (wanted === 0) break;
    if (skip >= size) {
      skip -= size;
      continue;
    }
    const take = Math.min(wanted, size - skip);
    rows.push(...(await segmentRows(i, take, skip)));
    wanted -= take;
    skip = 0;
  }
  return { deals: rows, total: counts.total, page, pageCount };
}

const dealForViewer = preparedRead('deal_for_viewer', (r, dealId) => {
  const demand = r
    .select({
      counted:
        sql<string>`coalesce(sum(${softCommitment.amount}) filter (where ${softCommitment.status} in ('indicated', 'confirmed', 'funded')), 0)`.as(
          'counted',
        ),
      waitlisted:
        sql<string>`coalesce(sum(${softCommitment.amount}) filter (where ${softCommitment.status} = 'waitlisted'), 0)`.as(
          'waitlisted',
        ),
      waiting: sql<number>`count(*) filter (where ${softCommitment.status} = 'waitlisted')::int`.as('waiting'),
    })
    .from(softCommitment)
    .where(eq(softCommitment.dealId, deal.id))
    .as('demand');
  return r
    .select({
      ...cardColumns,
      counted: sql<number>`${demand.counted}`.mapWith(Number),
      description: deal.description,
      sponsor: deal.sponsor,
      amountToRaise: deal.amountToRaise,
      investmentStep: deal.investmentStep,
      lienPosition: deal.lienPosition,
      loanPurpose: deal.loanPurpose,
      borrowerExperience: deal.borrowerExperience,
      exitStrategy: deal.exitStrategy,
      riskFactors: deal.riskFactors,
      coordinatesLat: deal.coordinatesLat,
      coordinatesLng: deal.coordinatesLng,
      hasProspectus: sql<boolean>`(${deal.prospectusKey} is not null)`,
      following: sql<boolean>`(${dealInterest.id} is not null)`,
      waitlisted: sql<number>`${demand.waitlisted}`.mapWith(Number),
      waiting: sql<number>`${demand.waiting}`.mapWith(Number),
    })
    .from(deal)
    .leftJoin(dealInterest, and(eq(dealInterest.dealId, deal.id), eq(dealInterest.userId, sql.placeholder('viewerId'))))
    .leftJoinLateral(demand, sql`true`)
    .where(and(eq(deal.id, dealId), isNull(deal.deletedAt)));
});

/**
 * Deal `id` with whether `viewerId` follows it and its `subscription`: what is indicated on it,
 * the counted total (indicated, confirmed, funded; whole dollars, also the card's `counted`) and
 * the waitlist's sum (whole dollars) and count, in one statement. Null when the deal is missing,
 * deleted or the id malformed.
 */
export async function getDeal(viewerId: string, id: string) {
  if (!isUuid(id)) return null;
  const [row] = await dealForViewer(bound('dealId', id, { viewerId }));
  if (!row) return null;
  const { waitlisted, waiting, ...found } = row;
  return { ...found, subscription: { counted: row.counted, waitlisted, waiting } };
}

/** The prospectus of deal `id` (storage key and file name), or null. */
export async function prospectusOf(id: string) {
  if (!isUuid(id)) return null;
  const [row] = await db()
    .select({ key: deal.prospectusKey, fileName: deal.prospectusFileName, title: deal.title })
    .from(deal)
    .where(and(eq(deal.id, id), isNull(deal.deletedAt)));
  return row?.key ? { key: row.key, fileName: row.fileName ?? `${row.title} Prospectus.pdf` } : null;
}

const dealNotFound = () => new NotFound('This deal does not exist.', 'Deal Not Found');

export interface Investor {
  id: string;
  name: string;
  email: string;
}

/**
 * `investor` follows deal `dealId` (product §4): only an Active deal; a second follow is 'Already
 * Following' (the unique index decides, so concurrent requests make one row). Records the
 * 'Deal Followed' notification and follow-deal-handler's e-mail to NOTIFY_EMAIL.
 * @throws NotFound for a missing deal; Refused('conflict') for a closed one or a second follow.
 */
export async function followDeal(investor: Investor, dealId: string): Promise<void> {
  if (!isUuid(dealId)) throw dealNotFound();
  await db().transaction(async (tx) => {
    const [target] = await tx
      .select({ id: deal.id, title: deal.title, status: deal.status })
      .from(deal)
      .where(and(eq(deal.id, dealId), isNull(deal.deletedAt)));
    if (!target) throw dealNotFound();
    if (target.status !== 'Active')
      throw new Refused('conflict', 'This deal is closed and can no longer be followed.', 'Deal Closed');
    const inserted = await tx
      .insert(dealInterest)
      .values({ userId: investor.id, dealId })
      .onConflictDoNothing({ target: [dealInterest.userId, dealInterest.dealId] })
      .returning({ id: dealInterest.id });
    if (!inserted.length) throw new Refused('conflict', 'You already follow this deal.', 'Already Following');
    await addNotification(tx, investor.id, {
      title: 'Deal Followed',
      message: `You now follow ${target.title}.`,
      type: 'success',
    });
    await queueEmail(tx, {
      to: env().NOTIFY_EMAIL,
      template: 'deal-interest',
      coalesceKey: `deal-interest:${investor.id}:${dealId}`,
      payload: {
        action: 'follow',
        dealId,
        dealTitle: target.title,
        userId: investor.id,
        userName: investor.name,
        userEmail: investor.email,
      },
    });
  });
}

/**
 * `investor` stops following deal `dealId`: 'Deal Unfollowed' and an e-mail to NOTIFY_EMAIL;
 * nothing when they did not follow it. @throws NotFound for a malformed id.
 */
export async function unfollowDeal(investor: Investor, dealId: string): Promise<void> {
  if (!isUuid(dealId)) throw dealNotFound();
  await db().transaction(async (tx) => {
    const removed = await tx
      .delete(dealInterest)
      .where(and(eq(dealInterest.userId, investor.id), eq(dealInterest.dealId, dealId)))
      .returning({ id: dealInterest.id });
    if (!removed.length) return;
    const [target] = await tx.select({ title: deal.title }).from(deal).where(eq(deal.id, dealId));
    await addNotification(tx, investor.id, {
      title: 'Deal Unfollowed',
      message: `You no longer follow ${target?.title ?? 'a deal'}.`,
      type: 'info',
    });
    await queueEmail(tx, {
      to: env().NOTIFY_EMAIL,
      template: 'deal-interest',
      coalesceKey: `deal-interest:${investor.id}:${dealId}`,
      payload: {
        action: 'unfollow',
        dealId,
        dealTitle: target?.title ?? null,
        userId: investor.id,
        userName: investor.name,
        userEmail: investor.email,
      },
    });
  });
}
