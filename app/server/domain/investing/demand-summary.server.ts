/**
 * Demand across deals (issue "Investing"; docs/product.md §11): per deal, the counted and
 * waitlisted totals and the number of investors, for the admin dashboard's chart of active deals
 * and for the deal lists; one grouped query, never a query per deal.
 */
import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { preparedRead, type Bound } from '../../db/prepared.server';
import { isUuid } from '../../db/query.server';
import { deal, softCommitment } from '../../db/schema';
import { DEMAND_CHART_DEALS } from './demand.server';
import type { DealDemandSummary } from '~/lib/demand';

/**
 * The deals its bound argument's condition matches (the `limit` newest; a null limit is all),
 * each with its sums by open status; one query, prepared once per condition's shape.
 */
const demandRows = preparedRead('deal_demand', (r, where) => {
  const deals = r
    .select({ id: deal.id, title: deal.title, amountToRaise: deal.amountToRaise, createdAt: deal.createdAt })
    .from(deal)
    .where(where as SQL)
    .orderBy(desc(deal.createdAt), asc(deal.id))
    .limit(sql.placeholder('limit'))
    .as('demand_deals');
  const sums = r
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
  return r
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
    .orderBy(desc(deals.createdAt), asc(deals.id));
});

/** The demand rows of the deals `where` (bound) matches, as the pages show them. */
async function summaries(where: Bound): Promise<DealDemandSummary[]> {
  return (await demandRows(where)).map((r) => ({
    id: r.id,
    title: r.title,
    amountToRaise: r.amountToRaise,
    indicated: Number(r.indicated ?? 0),
    confirmed: Number(r.confirmed ?? 0),
    funded: Number(r.funded ?? 0),
    waitlisted: Number(r.waitlisted ?? 0),
  }));
}

/**
 * Demand across the Active deals for the admin dashboard: the DEMAND_CHART_DEALS newest Active
 * (not deleted) deals, each with its amount to raise and its Indicated, Confirmed, Funded and
 * Waitlisted sums (whole dollars), newest first; one query.
 */
export function demandAcrossActiveDeals(): Promise<DealDemandSummary[]> {
  return summaries({
    sql: and(eq(deal.status, 'Active'), isNull(deal.deletedAt)) as SQL,
    shape: 'active',
    values: { limit: DEMAND_CHART_DEALS },
  });
}

/** The demand of the deals `dealIds` (a page of the admin deals list), by id; one query. */
export async function demandOfDeals(dealIds: readonly string[]): Promise<Record<string, DealDemandSummary>> {
  const ids = dealIds.filter(isUuid);
  if (!ids.length) return {};
  const rows = await summaries({
    sql: sql`${deal.id} = any(${sql.placeholder('ids')})`,
    shape: 'ids',
    values: { ids, limit: null },
  });
  return Object.fromEntries(rows.map((r) => [r.id, r]));
}
