/**
 * /deal/{id} (product §2 Deal detail; issue "Investing", product §11): signed-in investors and
 * admins. Built around an investor's questions: the key figures first (rate, term, LTV, lien
 * position, minimum, amount to raise, and how much of it is indicated), then the property
 * (gallery, map or its designed fallback, description), the loan (purpose, amount, borrower
 * experience, exit strategy, sponsor), the risk factors, how the investor's money is protected
 * (Site content 'Investor protections', issue 23) and the data room; beside them the projected
 * interest of the amount typed (issue 23, `?amount=` without JavaScript; with the loan's note
 * rate and the lender's servicing spread, issue 25 "Investor returns") and the
 * investor's panel: follow ('Follow deal', D0005), the suitability statement,
 * the amount and its status, the prospectus. Each fact once. The action takes what an investor
 * does here: acknowledge the data room, sign the statement, indicate, change or withdraw an
 * amount. A missing or malformed id: 'Deal Not Found', HTTP 404.
 */
import { Download, FileX, MapPin } from 'lucide-react';
import { Link } from 'react-router';
import { z } from 'zod';
import type { Route } from './+types/deal';
import { RaiseProgress, StatusBadge } from '~/components/deals/deal-card';
import { DealGallery, Facts, Figure, LocationFallback, Part, TopBar } from '~/components/deals/deal-parts';
import { DataRoom } from '~/components/deals/data-room';
import { DealMap } from '~/components/deals/deal-map';
import { FollowButton } from '~/components/deals/follow-button';
import { InvestPanel } from '~/components/deals/invest-panel';
import { InvestorProtections } from '~/components/deals/investor-protections';
import { ProjectedInterest } from '~/components/deals/projected-interest';
import { buttonClasses } from '~/components/ui/button';
import { cardClasses } from '~/components/ui/card';
import { acres, months, percent, usd } from '~/lib/format';
import { dealPageIntents } from '~/lib/schemas/deal-page';
import { labelOf } from '~/lib/loans';
import { plainDollars, readDollars } from '~/lib/money';
import { readWholeNumber } from '~/lib/parse-form';
import { parseSearch } from '~/lib/search-params';
import { keepActionHeaders } from '~/lib/route-headers';
import { spreadPercent } from '~/lib/returns/positions';
import { LIEN_POSITION_CHOICES } from '~/lib/schemas/deal';
import { requestInfo } from '~/load-context';
import { answer, answerRefusals, refusedPage } from '~/server/answers.server';
import { investorDataRoom } from '~/server/domain/investing/data-room.server';
import { getDeal } from '~/server/domain/investing/deals.server';
import { dealLoan } from '~/server/domain/returns/offering.server';
import { siteContentFor } from '~/server/domain/content/site-content.server';
import { acknowledgeDataRoom, investorPosition, signSuitability } from '~/server/domain/investing/investments.server';
import { indicateAmount, withdrawAmount } from '~/server/domain/investing/commitments.server';
import { isUuid } from '~/server/db/query.server';
import { env } from '~/server/env.server';
import { NotFound } from '~/server/errors.server';
import { readForm, readIntent } from '~/server/forms.server';
import { isStaff, requireDealViewer } from '~/server/guards.server';
import { limitUserAction } from '~/server/rate-limit.server';
import { toastHeaders } from '~/server/toast.server';

export const headers = keepActionHeaders;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await requireDealViewer({ request, context });
  const notFound = () => refusedPage('not-found', { found: false as const, tileUrl: '' });
  if (!isUuid(params.id)) return notFound();
  // Every read is keyed by the URL's id, so all go together (issue 26: the viewer, then one
  // database wait); for a missing or deleted deal they are discarded and the page is a 404.
  const [found, position, room, content, offered] = await Promise.all([
    getDeal(viewer.id, params.id),
    viewer.isInvestor ? investorPosition(viewer.id, params.id) : null,
    investorDataRoom(params.id),
    siteContentFor(),
    dealLoan(params.id),
  ]);
  if (!found) return notFound();
  const { subscription, ...deal } = found;
  // The projection's amount, from the GET form that works without JavaScript.
  const { amount } = parseSearch(new URL(request.url), z.object({ amount: z.string().max(20).optional().catch(undefined) }));
  // The documents' names reach an investor only once they have acknowledged the data room.
  // Staff (an admin whose session passed a second factor) see them without.
  const open = isStaff(viewer) || Boolean(position?.acknowledgedAt);
  return {
    found: true as const,
    deal,
    subscription,
    position,
    dataRoom: { documents: open ? room : null, count: room.length },
    canFollow: viewer.isInvestor,
    tileUrl: env().MAP_TILE_URL,
    askedAmount: readDollars(amount),
    protections: content['investor-protections'],
    noteRatePercent: offered?.noteRatePercent ?? null,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const viewer = await requireDealViewer({ request, context });
  return answerRefusals(async () => {
    const fields = readIntent(await readForm(request), dealPageIntents);
    if (!viewer.isInvestor) throw new NotFound('This deal does not exist.', 'Deal Not Found');
    await limitUserAction('amount', viewer.id);
    const ip = requestInfo(context).clientIp;
    // Flash toasts: the form that asked is replaced once the page reloads.
    const done = async (title: string, description?: string) =>
      answer({ ok: true }, { headers: await toastHeaders({ type: 'success', title, description }) });
    switch (fields.intent) {
      case 'acknowledge':
        await acknowledgeDataRoom(viewer, params.id, ip);
        return done('Data room opened');
      case 'suitability': {
        const { intent: _intent, ...answers } = fields;
        await signSuitability(viewer, params.id, answers, ip);
        return done('Suitability statement signed', 'You can now indicate an amount.');
      }
      case 'indicate': {
        // '$25,000' as people write it; then digits only (NaN otherwise, refused by indicateAmount).
        const amount = readWholeNumber(plainDollars(fields.amount));
        const result = await indicateAmount(viewer, params.id, amount);
        return result.status === 'indicated'
          ? done('Amount indicated', `${usd(result.amount)}: we will be in touch before it becomes binding.`)
          : done(
              'You are on the waitlist',
              `${usd(result.amount)}: the raise is fully subscribed. We will tell you when room opens.`,
            );
      }
      case 'withdraw':
        await withdrawAmount(viewer, fields.commitmentId);
        return done('Amount withdrawn');
    }
  });
}

export default function DealDetail({ loaderData }: Route.ComponentProps) {
  if (!loaderData.found)
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
  const { deal, subscription, position, dataRoom, canFollow, tileUrl, askedAmount, protections, noteRatePercent } = loaderData;
  const active = deal.status === 'Active';
  const images = deal.imageKeys;
  const full = subscription.counted >= deal.amountToRaise || subscription.waiting > 0;
  const risks = deal.riskFactors
    .split('\n')
    .map((r) => r.trim())
    .filter(Boolean);
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

        {/* The figures an investor reads first, each once. */}
        <section aria-label="Key figures" className="mt-8 rounded-[var(--radius-card)] bg-navy-950 p-6 text-white sm:p-8">
          <dl className="grid grid-cols-2 gap-x-6 gap-y-5 sm:grid-cols-3 lg:grid-cols-6">
            <Figure label="Investor Rate" value={percent(deal.interestRate)} large />
            {noteRatePercent !== null && (
              <>
                <Figure label="Note Rate" value={percent(noteRatePercent)} />
                <Figure label="Servicing Spread" value={percent(spreadPercent(noteRatePercent, deal.interestRate))} />
              </>
            )}
            <Figure label="Term" value={months(deal.termMonths)} />
            <Figure label="Loan-to-Value" value={percent(deal.ltv)} />
            <Figure label="Lien Position" value={labelOf(LIEN_POSITION_CHOICES, deal.lienPosition)} />
            <Figure label="Minimum Investment" value={usd(deal.minimumInvestment)} />
            <Figure label="Amount to Raise" value={usd(deal.amountToRaise)} />
          </dl>
          <RaiseProgress className="mt-6" tone="dark" counted={subscription.counted} amountToRaise={deal.amountToRaise} />
          {full && active && <p className="mt-1 text-sm text-navy-100">Fully subscribed: new amounts join the waitlist.</p>}
        </section>

        <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          {/* content-start: the column does not stretch its rows to the aside's height (no gaps). */}
          <div className="grid min-w-0 content-start gap-6">
            <Part id="property" title="The property">
              <DealGallery title={deal.title} images={images} />
              <p className="mt-5 leading-relaxed whitespace-pre-line text-ink">
                {deal.description?.trim() || 'No description available for this project.'}
              </p>
              <Facts items={[['Property Size', acres(deal.acreage)]]} />
              {deal.coordinatesLat !== null && deal.coordinatesLng !== null ? (
                <DealMap
                  lat={deal.coordinatesLat}
                  lng={deal.coordinatesLng}
                  title={deal.title}
                  tileUrl={tileUrl}
                  fallback={<LocationFallback location={deal.location} lat={deal.coordinatesLat} lng={deal.coordinatesLng} />}
                />
              ) : (
                <LocationFallback location={deal.location} lat={null} lng={null} />
              )}
            </Part>
            <Part id="loan" title="The loan">
              <Facts
                items={[
                  ['Loan Amount', usd(deal.loanAmount)],
                  ['Purpose', deal.loanPurpose],
                  ['Borrower Experience', deal.borrowerExperience],
                  ['Exit Strategy', deal.exitStrategy],
                  ['Development Partner', deal.sponsor],
                ]}
              />
            </Part>
            <Part id="risks" title="Risk factors">
              {risks.length ? (
                <ul className="mt-4 list-disc space-y-2 pl-5 text-ink">
                  {risks.map((r) => (
                    <li key={r}>{r}</li>
                  ))}
                </ul>
              ) : (
                <p className="mt-3 text-sm text-muted">
                  Every trust deed carries risk: the borrower may default and the property may sell for less than the loan. Ask us
                  about this deal's risks before you indicate an amount.
                </p>
              )}
            </Part>
            <InvestorProtections protections={protections} />
            <DataRoom dealId={deal.id} documents={dataRoom.documents} count={dataRoom.count} canAcknowledge={canFollow} />
          </div>

          {/* On a phone the aside's boxes join the page's column (contents), the projection first,
              right under the key figures; from lg it is the sticky column beside them. */}
          <aside className="contents lg:sticky lg:top-6 lg:grid lg:h-fit lg:gap-6">
            <ProjectedInterest
              className="order-first lg:order-none"
              dealId={deal.id}
              ratePercent={deal.interestRate}
              noteRatePercent={noteRatePercent}
              termMonths={deal.termMonths}
              minimumInvestment={deal.minimumInvestment}
              asked={askedAmount}
            />
            {position && (
              <InvestPanel
                position={position}
                deal={{
                  id: deal.id,
                  title: deal.title,
                  active,
                  minimumInvestment: deal.minimumInvestment,
                  investmentStep: deal.investmentStep,
                  full,
                }}
              />
            )}
            <section aria-label="Follow and prospectus" className={cardClasses('none', 'grid gap-3 p-6')}>
              {canFollow && <FollowButton dealId={deal.id} dealTitle={deal.title} following={deal.following} active={active} />}
              {!canFollow && !active && (
                <button type="button" disabled className={buttonClasses('secondary', 'md')}>
                  Deal Closed
                </button>
              )}
              {deal.hasProspectus ? (
                <a href={`/deals/${deal.id}/prospectus`} className={buttonClasses('secondary', 'md')}>
                  <Download aria-hidden className="size-4" /> Download Prospectus
                </a>
              ) : (
                <button type="button" disabled className={buttonClasses('secondary', 'md')}>
                  Prospectus coming soon
                </button>
              )}
            </section>
          </aside>
        </div>
      </section>
    </>
  );
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.found ? data.deal.title : 'Deal Not Found'} | Ormsby Lending` },
  { name: 'robots', content: 'noindex' },
];
