/**
 * Home (/), product §2 "Home": the rotating hero (the pictures staff choose), the track record
 * band when staff filled it, 'The Ormsby Difference' tabs with the loan programs staff publish
 * and the spec's property types, Markets We Serve, Partner With Us, Why Choose and the contact
 * block (issue "First impression"). The organisation's JSON-LD is emitted with the page's meta.
 */
import { ArrowRight, Building2, Landmark, Mail, Phone, TrendingUp } from 'lucide-react';
import { Link, redirect } from 'react-router';
import type { Route } from './+types/home';
import { HeroSlideshow } from '~/components/marketing/hero-slideshow';
import { MarketsMap } from '~/components/marketing/markets-map';
import { FeatureCard, Section, SectionHeading } from '~/components/marketing/section';
import { ButtonLink } from '~/components/ui/button';
import { Tabs } from '~/components/ui/tabs';
import { EmailAddress } from '~/components/ui/email-address';
import { advantages, markets, propertyTypes } from '~/content/home';
import { PreviewBanner, TrackRecordBand } from '~/components/marketing/site-content';
import { imageBase, type LoanProgram } from '~/lib/site-content';
import { siteContentFor } from '~/server/domain/content/site-content.server';
import { publicTrackRecord } from '~/server/domain/content/track-record.server';
import { staffPreview } from '~/server/guards.server';
import { percent, telHref } from '~/lib/format';
import { originFromMatches, seo } from '~/lib/seo';
import { useRootData } from '~/root';
import { getViewer } from '~/server/viewer.server';
import { cardClasses } from '~/components/ui/card';
import type { RouteHandle } from '~/lib/route-handle';

export const handle = { hydrate: false } satisfies RouteHandle;

/**
 * Spec §2 Home: a signed-in user who arrives from outside (no same-site Referer: typed, a
 * bookmark, another site) is sent once to /dashboard; moving around the site, they stay here.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await getViewer({ request, context });
  if (viewer && !fromThisSite(request) && !new URL(request.url).searchParams.has('preview')) throw redirect('/dashboard');
  const preview = await staffPreview({ request, context });
  const content = await siteContentFor({ preview });
  return {
    preview,
    programs: content['loan-programs'],
    trackRecord: await publicTrackRecord(content['track-record']),
    heroImages: content.imagery.home.map(imageBase),
  };
}

function fromThisSite(request: Request): boolean {
  const referer = request.headers.get('Referer');
  if (!referer) return false;
  try {
    return new URL(referer).host === new URL(request.url).host;
  } catch {
    return false;
  }
}

/** The loan programs in brief: the full terms are on /borrowers. */
function ProgramGrid({ programs }: { programs: readonly LoanProgram[] }) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {programs.map((p) => (
        <li key={p.id} className="rounded-xl border border-line bg-surface px-5 py-4 shadow-xs">
          <span className="flex items-center gap-3 font-medium text-navy-900">
            <span className="size-2 shrink-0 rounded-full bg-brass-500" aria-hidden="true" />
            {p.name}
          </span>
          <span className="mt-1 block pl-5 text-sm text-muted">
            {[
              p.maxLtv !== null ? `Up to ${percent(p.maxLtv)} LTV` : `Up to ${percent(p.maxLtc!)} LTC`,
              `from ${percent(p.rateFrom)}`,
            ].join(' · ')}
          </span>
        </li>
      ))}
    </ul>
  );
}

function TypeGrid({ items }: { items: readonly string[] }) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {items.map((item) => (
        <li
          key={item}
          className="flex items-center gap-3 rounded-xl border border-line bg-surface px-5 py-4 font-medium text-navy-900 shadow-xs"
        >
          <span className="size-2 shrink-0 rounded-full bg-brass-500" aria-hidden="true" />
          {item}
        </li>
      ))}
    </ul>
  );
}

export default function HomePage({ loaderData }: Route.ComponentProps) {
  const company = useRootData()?.company;
  const { programs, trackRecord, heroImages, preview } = loaderData;
  return (
    <>
      {preview && <PreviewBanner />}
      <section className="relative isolate flex min-h-[88vh] items-center overflow-hidden bg-navy-950 pt-28 pb-20 text-white sm:min-h-[80vh]">
        <HeroSlideshow images={heroImages} />
        <div
          className="absolute inset-0 -z-10 bg-gradient-to-r from-navy-950/95 via-navy-950/75 to-navy-950/30"
          aria-hidden="true"
        />
        <div className="container-page">
          <p className="eyebrow !text-brass-300">Private lending · Nevada &amp; California</p>
          <h1 className="mt-4 max-w-3xl text-5xl !text-white sm:text-6xl lg:text-display">Your Trusted Partner in Lending</h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-navy-100 sm:text-xl">
            Fast, flexible bridge, fix-and-flip, construction and land loans secured by real estate, with decisions made by people
            who know your market.
          </p>
          <div className="mt-10 flex flex-wrap gap-3">
            <ButtonLink to="/login?signup=true" size="lg">
              Reach Out
            </ButtonLink>
            <ButtonLink to="/borrowers#programs" variant="inverse" size="lg">
              Explore Loan Programs
            </ButtonLink>
          </div>
          <p className="mt-4 text-sm text-navy-200">Reach Out opens your client account: apply and share documents securely.</p>
        </div>
      </section>

      <TrackRecordBand record={trackRecord} />

      <Section tone="white" labelledBy="difference-title">
        <div className="grid gap-12 lg:grid-cols-[1fr_2fr]">
          <div>
            <SectionHeading
              id="difference-title"
              eyebrow="What we lend on"
              title="The Ormsby Difference"
              intro="Short-term, asset-based loans for investors and developers, structured around the property and your plan for it."
            />
            <ButtonLink to="/borrowers" variant="navy" className="mt-8">
              Become a Borrower <ArrowRight className="size-4" aria-hidden />
            </ButtonLink>
          </div>
          <Tabs
            label="The Ormsby Difference"
            defaultValue="loans"
            tabs={[
              { value: 'loans', label: 'LOAN TYPES', content: <ProgramGrid programs={programs} /> },
              { value: 'properties', label: 'PROPERTY TYPES', content: <TypeGrid items={propertyTypes} /> },
            ]}
          />
        </div>
      </Section>

      <Section labelledBy="markets-title">
        <SectionHeading
          id="markets-title"
          eyebrow="Where we lend"
          title="Markets We Serve"
          intro="We lend only where we know the ground: Nevada and California."
        />
        <div className="mt-12 grid items-start gap-6 lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)]">
          <MarketsMap />
          <div className="grid gap-6">
            {markets.map((m) => (
              <article key={m.state} className={cardClasses('none', 'p-8')}>
                <h3 className="text-2xl">{m.state}</h3>
                <p className="mt-3 leading-relaxed text-muted">{m.text}</p>
                <ul className="mt-6 flex flex-wrap gap-2" aria-label={`Markets in ${m.state}`}>
                  {m.cities.map((c) => (
                    <li key={c} className="rounded-full bg-navy-50 px-3 py-1 text-sm font-medium text-navy-800">
                      {c}
                    </li>
                  ))}
                </ul>
              </article>
            ))}
          </div>
        </div>
      </Section>

      <Section tone="navy" labelledBy="partner-title">
        <SectionHeading id="partner-title" eyebrow="Work with us" title="Partner With Us" inverse align="center" />
        <div className="mx-auto mt-12 grid max-w-5xl gap-6 md:grid-cols-2">
          {[
            {
              to: '/borrowers#top',
              title: 'For Borrowers',
              icon: Building2,
              text: 'Acquisition, refinance, bridge and construction financing with clear terms and funding in as little as 30 days.',
            },
            {
              to: '/investors#top',
              title: 'For Investors',
              icon: TrendingUp,
              text: 'Accredited investors earn monthly interest on short-term loans secured by first deeds of trust on Nevada and California real estate.',
            },
          ].map((card) => (
            <Link
              key={card.to}
              to={card.to}
              className="group rounded-[var(--radius-card)] border border-white/10 bg-white/5 p-8 transition-colors hover:border-brass-400/60 hover:bg-white/10"
            >
              <card.icon className="size-8 text-brass-300" aria-hidden />
              <h3 className="mt-5 text-2xl !text-white">{card.title}</h3>
              <p className="mt-3 leading-relaxed text-navy-100">{card.text}</p>
              <span className="mt-6 inline-flex items-center gap-2 font-semibold text-brass-300">
                Learn more <ArrowRight className="size-4 transition-transform group-hover:translate-x-1" aria-hidden />
              </span>
            </Link>
          ))}
        </div>
      </Section>

      <Section tone="white" labelledBy="why-title">
        <SectionHeading id="why-title" eyebrow="Our advantages" title="Why Choose Ormsby Lending" align="center" />
        <div className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {advantages.map((a) => (
            <FeatureCard key={a.title} icon={a.icon} title={a.title}>
              {a.text}
            </FeatureCard>
          ))}
        </div>
      </Section>

      <Section labelledBy="contact-title">
        <div className="flex flex-col gap-10 rounded-[var(--radius-card)] bg-navy-900 p-8 text-white shadow-[var(--shadow-card)] sm:p-12 lg:flex-row lg:items-center lg:justify-between">
          <div className="max-w-xl">
            <Landmark className="size-8 text-brass-300" aria-hidden />
            <h2 id="contact-title" className="mt-4 text-3xl !text-white sm:text-4xl">
              Ready to talk about your next project?
            </h2>
            <p className="mt-4 text-lg text-navy-100">Call or write to us directly; a principal will answer.</p>
            {company && (
              <ul className="mt-6 space-y-3">
                <li>
                  <a
                    href={telHref(company.phone)}
                    className="inline-flex min-h-11 items-center gap-3 text-lg font-medium hover:text-brass-300"
                  >
                    <Phone className="size-5 text-brass-300" aria-hidden />
                    {company.phone}
                  </a>
                </li>
                <li>
                  <a
                    href={`mailto:${company.email}`}
                    className="inline-flex min-h-11 items-center gap-3 text-base font-medium hover:text-brass-300 sm:text-lg"
                  >
                    <Mail className="size-5 shrink-0 text-brass-300" aria-hidden />
                    <EmailAddress email={company.email} />
                  </a>
                </li>
              </ul>
            )}
          </div>
          <div className="self-start lg:self-center">
            <ButtonLink to="/login?signup=true" size="lg">
              Reach Out
            </ButtonLink>
            <p className="mt-2 max-w-56 text-sm text-navy-200">Opens your client account.</p>
          </div>
        </div>
      </Section>
    </>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const origin = originFromMatches(matches);
  const company = (matches.find((m) => m?.id === 'root')?.data as { company?: Record<string, string> } | undefined)?.company;
  return [
    ...seo({
      title: 'Ormsby Lending | Private Real-Estate Loans in Nevada & California',
      description:
        'Fast, flexible bridge, fix-and-flip, construction and land loans in Nevada and California, and deed-of-trust investments for accredited investors.',
      path: '/',
      origin,
    }),
    {
      'script:ld+json': {
        '@context': 'https://schema.org',
        '@type': 'FinancialService',
        name: company?.name ?? 'Ormsby Lending',
        legalName: company?.legalName,
        url: `${origin}/`,
        logo: `${origin}/favicon.svg`,
        image: `${origin}/images/og-card.jpg`,
        telephone: company?.phone,
        email: company?.email,
        address: company?.address,
        areaServed: ['Nevada', 'California'],
      },
    },
  ];
};
