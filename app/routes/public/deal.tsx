/**
 * /deal/{id} (product §2 Deal detail; product decisions): signed-in investors and admins. Project
 * Overview, Investment Details, Key Metrics, the 'Development Partner' card, the image gallery,
 * a map of the coordinates, the follow button and 'Download Prospectus' (Active), or a disabled
 * 'Deal Closed' (Closed). A missing or malformed id: 'Deal Not Found', HTTP 404.
 */
import { ArrowLeft, Building2, Download, FileX, MapPin } from 'lucide-react';
import { useState } from 'react';
import { data, Link } from 'react-router';
import type { Route } from './+types/deal';
import { StatusBadge } from '~/components/deals/deal-card';
import { DealMap } from '~/components/deals/deal-map';
import { FollowButton } from '~/components/deals/follow-button';
import { BrandMark } from '~/components/layout/brand';
import { buttonClasses } from '~/components/ui/button';
import { dealImageUrl } from '~/lib/deals';
import { acres, months, percent, usd } from '~/lib/format';
import { cn } from '~/lib/cn';
import { getDeal } from '~/server/domain/deals.server';
import { env } from '~/server/env.server';
import { requireDealViewer } from '~/server/guards.server';
import { cardClasses } from '~/components/ui/card';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await requireDealViewer({ request, context });
  const deal = await getDeal(viewer.id, params.id);
  if (!deal) return data({ deal: null, canFollow: false, tileUrl: '' }, { status: 404 });
  return {
    deal,
    canFollow: viewer.isInvestor,
    tileUrl: env().MAP_TILE_URL,
  };
}

function TopBar() {
  return (
    <div className="bg-navy-950">
      <div className="container-page flex h-16 items-center justify-between">
        <Link to="/" className="flex min-h-11 items-center rounded-md">
          <BrandMark />
          <span className="sr-only"> – home</span>
        </Link>
        <Link to="/deals" className="inline-flex min-h-11 items-center gap-2 text-sm font-medium text-navy-100 hover:text-white">
          <ArrowLeft aria-hidden className="size-4" /> Back to Deals
        </Link>
      </div>
    </div>
  );
}

function Facts({ title, items }: { title: string; items: [string, string | null][] }) {
  return (
    <section className={cardClasses('none', 'p-6')}>
      <h2 className="text-xl">{title}</h2>
      <dl className="mt-4 grid gap-4 sm:grid-cols-2">
        {items.map(([label, value]) => (
          <div key={label}>
            <dt className="text-sm text-muted">{label}</dt>
            <dd className="mt-0.5 text-lg font-semibold text-navy-900">{value ?? '—'}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export default function DealDetail({ loaderData }: Route.ComponentProps) {
  const { deal, canFollow, tileUrl } = loaderData;
  const [shown, setShown] = useState(0);
  if (!deal)
    return (
      <>
        <TopBar />
        <section className="container-page flex flex-col items-center py-24 text-center">
          <FileX aria-hidden className="size-12 text-navy-300" />
          <h1 className="mt-4 text-4xl">Deal Not Found</h1>
          <p className="mt-3 text-muted">This deal does not exist or is no longer available.</p>
          <Link to="/dashboard/investments" className={buttonClasses('navy', 'md', 'mt-8')}>
            Return to Deals
          </Link>
        </section>
      </>
    );
  const active = deal.status === 'Active';
  const images = deal.imageKeys;
  return (
    <>
      <TopBar />
      <section className="container-page py-10">
        <div className="flex flex-wrap items-center gap-3">
          <StatusBadge status={deal.status} />
          {deal.following && (
            <span className="rounded-full bg-brass-500 px-2.5 py-1 text-xs font-semibold text-navy-950">Following</span>
          )}
          {deal.type && <span className="text-sm font-medium text-brass-700">{deal.type}</span>}
        </div>
        <h1 className="mt-3 text-4xl sm:text-5xl">{deal.title}</h1>
        <p className="mt-2 flex items-center gap-1.5 text-muted">
          <MapPin aria-hidden className="size-4" /> {deal.location}
        </p>

        <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          {/* content-start: the column does not stretch its rows to the aside's height (no gaps). */}
          <div className="grid min-w-0 content-start gap-6">
            {images.length > 0 ? (
              <section aria-label="Gallery">
                <div className="aspect-[16/10] overflow-hidden rounded-[var(--radius-card)] bg-navy-100">
                  <img
                    src={dealImageUrl(images[shown]!)}
                    alt={`${deal.title}, view ${shown + 1} of ${images.length}`}
                    className="h-full w-full object-cover"
                    width={1024}
                    height={640}
                  />
                </div>
                {images.length > 1 && (
                  <ul className="mt-3 flex gap-3">
                    {images.map((key, i) => (
                      <li key={key}>
                        <button
                          type="button"
                          onClick={() => setShown(i)}
                          aria-pressed={i === shown}
                          className={cn(
                            'block overflow-hidden rounded-lg ring-2',
                            i === shown ? 'ring-brass-500' : 'ring-transparent',
                          )}
                        >
                          <img
                            src={dealImageUrl(key)}
                            alt={`Show view ${i + 1}`}
                            className="h-16 w-24 object-cover"
                            width={96}
                            height={64}
                            loading="lazy"
                          />
                        </button>
                      </li>
                    ))}
                  </ul>
                )}
              </section>
            ) : (
              <div className="flex aspect-[16/10] items-center justify-center rounded-[var(--radius-card)] bg-navy-100">
                <Building2 aria-hidden className="size-16 text-navy-300" />
              </div>
            )}
            <section className={cardClasses('none', 'p-6')}>
              <h2 className="text-xl">Project Overview</h2>
              <p className="mt-3 leading-relaxed whitespace-pre-line text-ink">
                {deal.description?.trim() || 'No description available for this project.'}
              </p>
            </section>
            {deal.coordinatesLat !== null && deal.coordinatesLng !== null && (
              <DealMap lat={deal.coordinatesLat} lng={deal.coordinatesLng} title={deal.title} tileUrl={tileUrl} />
            )}
          </div>

          <aside className="grid h-fit gap-6">
            {/* The figures an investor reads first, each once (issue "Solid ground" 15). */}
            <section aria-label="Key figures" className="rounded-[var(--radius-card)] bg-navy-950 p-6 text-white">
              <dl className="grid grid-cols-2 gap-x-6 gap-y-5">
                <div className="col-span-2">
                  <dt className="text-sm text-navy-200">Interest Rate</dt>
                  <dd className="font-serif text-5xl text-brass-300">{percent(deal.interestRate)}</dd>
                </div>
                <div>
                  <dt className="text-sm text-navy-200">Loan Amount</dt>
                  <dd className="font-serif text-2xl text-white">{usd(deal.loanAmount)}</dd>
                </div>
                <div>
                  <dt className="text-sm text-navy-200">Term</dt>
                  <dd className="font-serif text-2xl text-white">{months(deal.termMonths)}</dd>
                </div>
                <div>
                  <dt className="text-sm text-navy-200">Loan-to-Value</dt>
                  <dd className="font-serif text-2xl text-white">{percent(deal.ltv)}</dd>
                </div>
                <div>
                  <dt className="text-sm text-navy-200">Investment minimum</dt>
                  <dd className="font-serif text-2xl text-white">{usd(deal.minimumInvestment)}</dd>
                </div>
              </dl>
              <div className="mt-6 grid gap-3">
                {canFollow && <FollowButton dealId={deal.id} dealTitle={deal.title} following={deal.following} active={active} />}
                {!canFollow && !active && (
                  <button type="button" disabled className={buttonClasses('secondary', 'md')}>
                    Deal Closed
                  </button>
                )}
                {deal.hasProspectus ? (
                  <a href={`/deals/${deal.id}/prospectus`} className={buttonClasses('inverse', 'md')}>
                    <Download aria-hidden className="size-4" /> Download Prospectus
                  </a>
                ) : (
                  <button type="button" disabled className={buttonClasses('inverse', 'md')}>
                    Prospectus coming soon
                  </button>
                )}
              </div>
            </section>
            <Facts title="Investment Details" items={[['Property Size', acres(deal.acreage)]]} />
            {deal.sponsor && (
              <section className={cardClasses('none', 'p-6')}>
                <h2 className="text-xl">Development Partner</h2>
                <p className="mt-2 text-lg font-semibold text-navy-900">{deal.sponsor}</p>
              </section>
            )}
          </aside>
        </div>
      </section>
    </>
  );
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.deal?.title ?? 'Deal Not Found'} | Ormsby Lending` },
  { name: 'robots', content: 'noindex' },
];
