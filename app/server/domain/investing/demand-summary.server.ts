/**
 * Demand across deals (issue "Investing"; docs/product.md §11): per deal, the counted and
 * waitlisted totals and the number of investors, for the admin dashboard's chart of active deals
 * and for the deal lists; one grouped query, never a query per deal.
 */
import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { db } from '../../db/client.server';
import { isUuid } from '../../db/query.server';
import { deal, softCommitment } from '../../db/schema';
import { DEMAND_CHART_DEALS } from './demand.server';
import type { DealDemandSummary } from '~/lib/demand';

/** The deals `where` matches (the `limit` newest), each with its sums by open status; one query. */
function summaries(where: SQL | undefined, limit?: number) {
  const base = db()
    .select({ id: deal.id, title: deal.title, amountToRaise: deal.amountToRaise, createdAt: deal.createdAt })
    .from(deal)
    .where(where)
    .orderBy(desc(deal.createdAt), asc(deal.id))
    .$dynamic();
  const deals = (limit === undefined ? base : base.limit(limit)).as('demand_deals');
  const sums = db()
    .select({
      indicated: sql<string>`coalesce(sum(${softCommitment.amount}) filter (where ${softCommitment.status} = 'indicated'), 0)`.as(
        'indicated',
      ),
      confirmed: sql<string>`coalesce(sum(${softCommitment.amount}) filter (where ${softCommitment.status} = 'confirmed'), 0)`.as(
        'confirmed',
      ),
      funded: sql<string>`coalesce(sum(${softCommitment.amount}) filter (where ${softCommitment.status} = 'funded'), 0)`.as(
        'funded',
      ),
      waitlisted:
        sql<string>`coalesce(sum(${softCommitment.amount}) filter (where ${softCommitment.status} = 'waitlisted'), 0)`.as(
          'waitlisted',
        ),
    })
    .from(softCommitment)
    .where(
      and(
        eq(softCommitment.dealId, deals.id),
        inArray(softCommitment.status, ['indicated', 'confirmed', 'funded', 'waitlisted']),
      ),
    )
    .as('demand_sums');
  return db()
    .select({
      id: deals.id,
      title: deals.title,
      amountToRaise: deals.amountToRaise,
      indicated: sums.indicated,
      confirmed: sums.confirmed,
      funded: sums.funded,
      waitlisted: sums.waitlisted,
    })
    .from(deals)
    .leftJoinLateral(sums, sql`true`)
    .orderBy(desc(deals.createdAt), asc(deals.id))
    .then((rows) =>
      rows.map((r): DealDemandSummary => ({
        id: r.id,
        title: r.title,
        amountToRaise: r.amountToRaise,
        indicated: Number(r.indicated ?? 0),
        confirmed: Number(r.confirmed ?? 0),
        funded: Number(r.funded ?? 0),
        waitlisted: Number(r.waitlisted ?? 0),
      })),
    );
}

/**
 * Demand across the Active deals for the admin dashboard: the DEMAND_CHART_DEALS newest Active
 * (not deleted) deals, each with its amount to raise and its Indicated, Confirmed, Funded and
 * Waitlisted sums (whole dollars), newest first; one query.
 */
export function demandAcrossActiveDeals(): Promise<DealDemandSummary[]> {
  return summaries(and(eq(deal.status, 'Active'), isNull(deal.deletedAt)), DEMAND_CHART_DEALS);
}

/** The demand of the deals `dealIds` (a page of the admin deals list), by id; one query. */
export async function demandOfDeals(dealIds: readonly string[]): Promise<Record<string, DealDemandSummary>> {
  const ids = dealIds.filter(isUuid);
  if (!ids.length) return {};
  const rows = await summaries(inArray(deal.id, ids));
  return Object.fromEntries(rows.map((r) => [r.id, r]));
}
