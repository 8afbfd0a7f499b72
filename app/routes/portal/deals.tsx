/**
 * /dashboard/deals (product decisions): every deal for investors, the same filters as Our Deals, 6
 * a page; followed deals first with a 'Following' badge, then Active, then newest — ordered
 * and paged by the database.
 */
import type { Route } from './+types/deals';
import { DealGrid } from '~/components/deals/deal-grid';
import { DealFilters } from '~/components/deals/deal-list-controls';
import { Pager } from '~/components/ui/pager';
import { PageHeader } from '~/components/layout/dashboard-shell';
import { INVESTOR_DEALS_PAGE_SIZE } from '~/lib/deals';
import { parseDealQuery } from '~/lib/search-params';
import { listDeals } from '~/server/domain/investing/deals.server';
import { requireRole } from '~/server/guards.server';

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireRole({ request, context }, 'investor');
  const { filter, page } = parseDealQuery(new URL(request.url));
  const result = await listDeals(viewer.id, { filter, page, pageSize: INVESTOR_DEALS_PAGE_SIZE, followedFirst: true });
  return { ...result, filter };
}

export default function InvestorDeals({ loaderData }: Route.ComponentProps) {
  const { deals, filter, page, pageCount, total } = loaderData;
  return (
    <>
      <PageHeader title="All Deals" subtitle={`${total} ${total === 1 ? 'deal' : 'deals'} · the ones you follow first`} />
      <div className="mb-6">
        <DealFilters filter={filter} />
      </div>
      <DealGrid deals={deals} canFollow columns={2} />
      <div className="mt-10">
        <Pager
          page={page}
          pageCount={pageCount}
          total={total}
          pageSize={INVESTOR_DEALS_PAGE_SIZE}
          noun="deals"
          preventScrollReset
        />
      </div>
    </>
  );
}

export const meta: Route.MetaFunction = () => [{ title: 'All Deals | Ormsby Lending' }];
