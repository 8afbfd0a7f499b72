/**
 * Investors (/investors), product §2 "Investors": the hero with 'Invest With Us', 'Why Invest in
 * Deeds of Trust' with three cards (risk-adjusted returns, collateral-backed security,
 * diversification), 'How Your Money Is Protected' (Site content, issue 23), the FAQ accordion
 * and a closing 'Invest With Us'. The hero carries
 * id="top": the browser scrolls there for /investors#top. Its image hides itself if it fails
 * to load. Figures follow the spec's marketing claims (§9), the LTV one computed from the
 * published loan programs (issue 23); opportunities are for accredited investors only.
 */
import { PieChart, ShieldCheck, TrendingUp } from 'lucide-react';
import type { Route } from './+types/investors';
import { PageHero } from '~/components/marketing/page-hero';
import { CtaBand, FeatureCard, Section, SectionHeading } from '~/components/marketing/section';
import { FaqAccordion } from '~/components/ui/accordion';
import { AnswerText, PreviewBanner, TrackRecordBand } from '~/components/marketing/site-content';
import { cardClasses } from '~/components/ui/card';
import { imageBase, INVESTOR_PROTECTION_ITEMS } from '~/lib/site-content';
import { siteContentFor } from '~/server/domain/content/site-content.server';
import { publicTrackRecord } from '~/server/domain/content/track-record.server';
import { staffPreview } from '~/server/guards.server';
import { ButtonLink } from '~/components/ui/button';
import { originFromMatches, seo } from '~/lib/seo';
import type { RouteHandle } from '~/lib/route-handle';
import { percent } from '~/lib/format';
import { publishedFigures } from '~/lib/program-figures';

export const handle = { hydrate: false } satisfies RouteHandle;

/** The three reasons; the LTV claim is the published programs' highest maximum LTV (issue 23), 60% without one. */
const reasons = (maxLtv: number) => [
  {
    icon: TrendingUp,
    title: 'Risk-Adjusted Returns',
    text: 'Short-term loans at private-lending rates have historically offered investors annual returns of 8% to 12%, paid as monthly interest, without the swings of the stock market.',
  },
  {
    icon: ShieldCheck,
    title: 'Collateral-Backed Security',
    text: `Every loan is secured by a recorded first deed of trust on real property, at no more than ${percent(maxLtv)} of its value under our published programs, so a real asset stands behind your capital.`,
  },
  {
    icon: PieChart,
    title: 'Diversification',
    text: 'Spread capital across loans, property types and markets in Nevada and California, with terms measured in months rather than years.',
  },
];

/**
 * The track record (staff's figures with the platform's added, issue 23), how investors' money is
 * protected (issue 23), the investor FAQ and the hero picture staff publish (issue "First impression").
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const preview = await staffPreview({ request, context });
  const content = await siteContentFor({ preview });
  return {
    preview,
    trackRecord: await publicTrackRecord(content['track-record']),
    maxLtv: publishedFigures(content['loan-programs'])?.maxLtv ?? 60,
    faq: content['faq-investors'],
    protections: content['investor-protections'],
    hero: imageBase(content.imagery.investors),
  };
}

export default function InvestorsPage({ loaderData }: Route.ComponentProps) {
  const { trackRecord, faq, hero, preview, protections, maxLtv } = loaderData;
  return (
    <>
      {preview && <PreviewBanner />}
      <PageHero
        id="top"
        eyebrow="For accredited investors"
        title="Earn monthly income secured by real estate"
        lead="Invest alongside us in short-term loans secured by first deeds of trust on Nevada and California property, chosen and serviced by a local team."
        image={hero}
      >
        <ButtonLink to="/login?signup=true" size="lg">
          Invest With Us
        </ButtonLink>
        <ButtonLink to="/contact" variant="inverse" size="lg">
          Ask a Question
        </ButtonLink>
      </PageHero>

      <TrackRecordBand record={trackRecord} />

      <Section labelledBy="why-title">
        <SectionHeading
          id="why-title"
          eyebrow="The asset class"
          title="Why Invest in Deeds of Trust"
          intro="A deed of trust puts real property behind every dollar you lend."
          align="center"
        />
        <div className="mt-12 grid gap-6 md:grid-cols-3">
          {reasons(maxLtv).map((r) => (
            <FeatureCard key={r.title} icon={r.icon} title={r.title}>
              {r.text}
            </FeatureCard>
          ))}
        </div>
        <p className="mx-auto mt-10 max-w-3xl text-center text-sm text-muted">
          Investment opportunities are offered only to accredited investors. Returns are not guaranteed; every investment carries
          risk, including the loss of principal.
        </p>
      </Section>

      <Section tone="white" labelledBy="protections-title">
        <SectionHeading
          id="protections-title"
          eyebrow="Before you invest"
          title="How Your Money Is Protected"
          intro="The same answers stand on every deal page, beside what an amount would earn."
          align="center"
        />
        <dl className="mx-auto mt-10 grid max-w-5xl gap-6 md:grid-cols-3">
          {INVESTOR_PROTECTION_ITEMS.map(({ key, label }) => (
            <div key={key} className={cardClasses('none', 'p-6')}>
              <dt className="font-serif text-xl text-navy-900">{label}</dt>
              <dd className="mt-3 leading-relaxed text-muted">{protections[key]}</dd>
            </div>
          ))}
        </dl>
      </Section>

      <Section labelledBy="faq-title">
        <div className="grid gap-12 lg:grid-cols-[1fr_2fr]">
          <SectionHeading
            id="faq-title"
            eyebrow="Questions"
            title="Frequently Asked Questions"
            intro="What investors ask us before their first deal."
          />
          <FaqAccordion items={faq.map((f) => ({ question: f.question, answer: <AnswerText answer={f.answer} /> }))} />
        </div>
      </Section>

      <CtaBand
        title="Put your capital behind real property"
        actions={
          <ButtonLink to="/login?signup=true" size="lg">
            Invest With Us
          </ButtonLink>
        }
      >
        Create an investor account to see our current deals and receive new opportunities first.
      </CtaBand>
    </>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: 'Investors: Deed of Trust Investments',
    description:
      'Accredited investors can invest in short-term loans secured by first deeds of trust on Nevada and California real estate, with monthly interest payments.',
    path: '/investors',
    origin: originFromMatches(matches),
  });
