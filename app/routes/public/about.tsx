/**
 * About (/about and /our-company, the same page), product §2 "About": Our Story, Who We Are,
 * Our Mission, What We Offer, Why Choose and a Reach Out call to action. Both paths declare
 * /about as the canonical URL.
 */
import { Compass, FileCheck2, Gauge, Hammer, HardHat, Landmark, MapPin, Scale, Trees } from 'lucide-react';
import type { Route } from './+types/about';
import { PageHero } from '~/components/marketing/page-hero';
import { CtaBand, FeatureCard, Section, SectionHeading } from '~/components/marketing/section';
import { ButtonLink } from '~/components/ui/button';
import { Picture } from '~/components/ui/picture';
import { PreviewBanner, TeamGrid } from '~/components/marketing/site-content';
import { imageBase } from '~/lib/site-content';
import { siteContentFor } from '~/server/domain/content/site-content.server';
import { staffPreview } from '~/server/guards.server';
import { originFromMatches, seo } from '~/lib/seo';
import type { RouteHandle } from '~/lib/route-handle';

export const handle = { hydrate: false } satisfies RouteHandle;

/** Spec §2 About: What We Offer, in the spec's order. */
const offerings = [
  {
    icon: Hammer,
    title: 'Fix & Flip Loans',
    text: 'Acquisition and renovation funding for experienced investors, with rehab budgets released in draws as the work is completed.',
  },
  {
    icon: Landmark,
    title: 'Stabilized Commercial Loans',
    text: 'Bridge financing for leased retail, office, industrial and multifamily properties while you reposition, refinance or sell.',
  },
  {
    icon: HardHat,
    title: 'Construction & Development',
    text: 'Ground-up and value-add construction loans for residential and commercial projects, with draw schedules matched to your budget.',
  },
  {
    icon: Trees,
    title: 'Land Acquisition Loans',
    text: 'Financing for raw, entitled and improved land, so you can secure the site while entitlements and vertical financing come together.',
  },
] as const;

/** Spec §2 About: Why Choose, in the spec's order. */
const reasons = [
  {
    icon: MapPin,
    title: 'Local Expertise',
    text: 'We live and lend in Nevada and California, and we underwrite with first-hand knowledge of each submarket.',
  },
  {
    icon: Gauge,
    title: 'Fast Closings',
    text: 'Decisions come from our principals: closings typically within 30 business days, and funding in as little as 30 days.',
  },
  {
    icon: FileCheck2,
    title: 'Transparent Terms',
    text: 'Rate, points, fees and term are in the term sheet from the start. No surprises at the closing table.',
  },
  {
    icon: Scale,
    title: 'Principled Underwriting',
    text: 'Conservative loan-to-value ratios and real collateral protect our borrowers, our investors and our reputation.',
  },
] as const;

/** The team and the hero picture staff publish (issue "First impression"). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const preview = await staffPreview({ request, context });
  const content = await siteContentFor({ preview });
  return { preview, team: content.team, hero: imageBase(content.imagery.about) };
}

export default function AboutPage({ loaderData }: Route.ComponentProps) {
  const { team, hero, preview } = loaderData;
  return (
    <>
      {preview && <PreviewBanner />}
      <PageHero
        eyebrow="About us"
        title="Local lenders who know the ground we lend on"
        lead="Ormsby Lending is a private real-estate lender based in Nevada, financing investors and developers across Nevada and California."
        image={hero}
      />

      <Section tone="white" labelledBy="story-title">
        <div className="grid items-center gap-12 lg:grid-cols-2">
          <div>
            <SectionHeading id="story-title" eyebrow="Since day one" title="Our Story" />
            <div className="mt-6 space-y-4 text-lg leading-relaxed text-muted">
              <p>
                Ormsby Lending began with a simple observation: good real-estate projects in northern Nevada were waiting weeks
                for answers from banks that did not know the market. Our founders, who had spent their careers building, owning
                and financing property in the region, started lending their own capital to investors they trusted.
              </p>
              <p>
                Word travelled. Today we fund bridge, fix-and-flip, construction and land loans across Nevada and California, and
                we give accredited investors the chance to invest alongside us in loans secured by first deeds of trust.
              </p>
            </div>
          </div>
          <div className="overflow-hidden rounded-[var(--radius-card)] shadow-[var(--shadow-card)]">
            <Picture
              name="hero-home-1"
              alt="Line map of Nevada and California with the cities where we lend"
              sizes="(min-width: 1024px) 600px, 100vw"
              className="aspect-[16/10] w-full"
            />
          </div>
        </div>
      </Section>

      <Section labelledBy="who-title">
        <div className="grid gap-12 lg:grid-cols-2">
          <div>
            <SectionHeading id="who-title" eyebrow="The team" title="Who We Are" />
            <p className="mt-6 text-lg leading-relaxed text-muted">
              We are a small team of lenders, underwriters and construction professionals. Every loan is reviewed by the
              principals who approve it, and the person you speak to on the first call stays with you through the payoff.
            </p>
          </div>
          <div>
            <SectionHeading id="mission-title" eyebrow="What drives us" title="Our Mission" />
            <p className="mt-6 text-lg leading-relaxed text-muted">
              To provide fast, fair and dependable capital to the people who improve our communities, and to give our investors
              steady, collateral-backed returns through disciplined, transparent lending.
            </p>
          </div>
        </div>
        {team.length > 0 && (
          <div className="mt-14">
            <TeamGrid team={team} />
          </div>
        )}
      </Section>

      <Section tone="white" labelledBy="offer-title">
        <SectionHeading id="offer-title" eyebrow="Loan programs" title="What We Offer" align="center" />
        <div className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {offerings.map((o) => (
            <FeatureCard key={o.title} icon={o.icon} title={o.title}>
              {o.text}
            </FeatureCard>
          ))}
        </div>
      </Section>

      <Section labelledBy="why-title">
        <SectionHeading id="why-title" eyebrow="Our principles" title="Why Choose Ormsby Lending" align="center" />
        <div className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {reasons.map((r) => (
            <FeatureCard key={r.title} icon={r.icon} title={r.title}>
              {r.text}
            </FeatureCard>
          ))}
        </div>
      </Section>

      <CtaBand
        title="Have a project in mind?"
        actions={
          <>
            <ButtonLink to="/login?signup=true" size="lg">
              Reach Out
            </ButtonLink>
            <ButtonLink to="/contact" variant="inverse" size="lg">
              <Compass className="size-4" aria-hidden /> Contact Us
            </ButtonLink>
          </>
        }
      >
        Tell us about the property and your timeline. We will tell you quickly and plainly whether we can help. Reach Out opens
        your client account to apply; Contact Us sends our team a message.
      </CtaBand>
    </>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: 'About Us',
    description:
      'Ormsby Lending is a Nevada-based private real-estate lender funding bridge, fix-and-flip, construction and land loans across Nevada and California.',
    path: '/about',
    origin: originFromMatches(matches),
  });
