/**
 * /deals, Our Deals (product §2): signed-in investors and admins (others: /login with a way back,
 * or /). The hero, the category filters, 3 deals a page with numbered pagination; filter and
 * page live in the URL and are computed by the database.
 */
import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import type { Route } from './+types/deals';
import { DealGrid } from '~/components/deals/deal-grid';
import { DealFilters } from '~/components/deals/deal-list-controls';
import { Pager } from '~/components/ui/pager';
import { OUR_DEALS_PAGE_SIZE } from '~/lib/deals';
import { parseDealQuery } from '~/lib/search-params';
import { portalLink } from '~/lib/nav';
import { listDeals } from '~/server/domain/investing/deals.server';
import { requireDealViewer } from '~/server/guards.server';

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireDealViewer({ request, context });
  const { filter, page } = parseDealQuery(new URL(request.url));
  const result = await listDeals(viewer.id, { filter, page, pageSize: OUR_DEALS_PAGE_SIZE, followedFirst: false });
  return { ...result, filter, canFollow: viewer.isInvestor, portal: portalLink(viewer).to };
}

export default function OurDeals({ loaderData }: Route.ComponentProps) {
  const { deals, filter, page, pageCount, total, canFollow, portal } = loaderData;
  return (
    <>
      <section className="bg-navy-950 pt-10 pb-16 text-white sm:pb-20">
        <div className="container-page">
          <Link
            to={portal}
            className="inline-flex min-h-11 items-center gap-2 text-sm font-medium text-navy-100 hover:text-white"
          >
            <ArrowLeft aria-hidden className="size-4" /> Back to your portal
          </Link>
          <p className="eyebrow mt-10 !text-brass-300">Deeds of trust</p>
          <h1 className="mt-3 text-4xl !text-white sm:text-5xl">Our Deals</h1>
          <p className="mt-4 max-w-2xl text-lg text-navy-100">
            First-position loans on Nevada and California real estate, underwritten by our team and offered to accredited
            investors.
          </p>
        </div>
      </section>
      <section className="container-page py-12">
        <div className="mb-8 flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
          <DealFilters filter={filter} />
          <p className="text-sm text-muted" aria-live="polite">
            {total} {total === 1 ? 'deal' : 'deals'}
          </p>
        </div>
        <DealGrid deals={deals} canFollow={canFollow} />
        <div className="mt-10">
          <Pager page={page} pageCount={pageCount} total={total} pageSize={OUR_DEALS_PAGE_SIZE} noun="deals" preventScrollReset />
        </div>
      </section>
    </>
  );
}

export const meta: Route.MetaFunction = () => [{ title: 'Our Deals | Ormsby Lending' }, { name: 'robots', content: 'noindex' }];
