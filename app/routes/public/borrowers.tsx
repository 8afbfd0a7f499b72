/**
 * Borrowers (/borrowers), product §2 "Borrowers": the hero with 'Apply For Funding', the typical
 * terms band, the 3-step Loan Process (1 LOAN DETAILS, 2 APPROVE, 3 FUND), the loan programs'
 * published terms and fees, the payment calculator, the FAQ accordion (one item open at a time,
 * collapsible; programs, FAQ and picture are staff-edited) and 'Start Your Application'. The
 * hero carries id="top" for the home page's /borrowers#top link; its image hides itself if it
 * fails to load. Every rate, LTV, points and term figure of the band and the description is
 * computed from the published programs (issue 23, `publishedFigures`). The calculator's query
 * (`?program={id}&amount={dollars}`) is read here: a refused one renders the page with its
 * message and a 400. Scripts load after the first paint, for the calculator's live figures.
 */
import { useRootData } from '~/root';
import { BadgeCheck, Banknote, ClipboardList } from 'lucide-react';
import type { Route } from './+types/borrowers';
import { PageHero } from '~/components/marketing/page-hero';
import { CtaBand, Section, SectionHeading } from '~/components/marketing/section';
import { FaqAccordion } from '~/components/ui/accordion';
import { AnswerText, LoanProgramCards, PreviewBanner } from '~/components/marketing/site-content';
import { imageBase } from '~/lib/site-content';
import { siteContentFor } from '~/server/domain/content/site-content.server';
import { staffPreview } from '~/server/guards.server';
import { ButtonLink } from '~/components/ui/button';
import { originFromMatches, seo } from '~/lib/seo';
import { cardClasses } from '~/components/ui/card';
import type { RouteHandle } from '~/lib/route-handle';
import { PaymentCalculator, type CalculatorQuery } from '~/components/marketing/payment-calculator';
import { months, percent } from '~/lib/format';
import { parseForm } from '~/lib/parse-form';
import { publishedFigures, type PublishedFigures } from '~/lib/program-figures';
import { CALCULATOR_DOLLARS, calculatorSchema } from '~/lib/schemas/calculator';
import { refusedPage } from '~/server/answers.server';

export const handle = { hydrate: 'after-paint' } satisfies RouteHandle;

/** Spec §2 Borrowers: the three steps, numbered, with the spec's names. */
const steps = [
  {
    number: 1,
    name: 'LOAN DETAILS',
    icon: ClipboardList,
    text: 'Tell us about the property, the purchase or refinance, your budget and your exit. Create an account and upload what you have; a principal reviews it the same week.',
  },
  {
    number: 2,
    name: 'APPROVE',
    icon: BadgeCheck,
    text: 'We value the collateral, review the plan and issue a term sheet with the rate, points, term and conditions spelled out, with no surprises later.',
  },
  {
    number: 3,
    name: 'FUND',
    icon: Banknote,
    text: 'Title and escrow are opened, documents signed and the loan funded, typically within 30 business days and in as little as 30 days from application.',
  },
] as const;

/** The typical terms band: the published programs' ranges (issue 23), then the spec's funding claim. */
function typicalTerms(f: PublishedFigures | null): { label: string; value: string }[] {
  const terms: { label: string; value: string }[] = [];
  if (f) {
    if (f.maxLtv !== null) terms.push({ label: 'Loan-to-value', value: `Up to ${percent(f.maxLtv)}` });
    else if (f.maxLtc !== null) terms.push({ label: 'Loan-to-cost', value: `Up to ${percent(f.maxLtc)}` });
    terms.push(
      { label: 'Interest rate', value: `From ${percent(f.rateFrom)}` },
      {
        label: 'Origination',
        value: f.pointsFrom === f.pointsTo ? `${f.pointsFrom} points` : `${f.pointsFrom} – ${f.pointsTo} points`,
      },
      {
        label: 'Term',
        value: f.termMinMonths === f.termMaxMonths ? months(f.termMinMonths) : `${f.termMinMonths} – ${months(f.termMaxMonths)}`,
      },
    );
  }
  terms.push({ label: 'Funding', value: 'In as little as 30 days' });
  return terms;
}

/** The loan programs, the borrower FAQ and the hero picture staff publish (issue "First impression"). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const preview = await staffPreview({ request, context });
  const content = await siteContentFor({ preview });
  const programs = content['loan-programs'];
  const search = new URL(request.url).searchParams;
  // A program alone (a program card's 'Estimate payments' link) only chooses it.
  const asked = search.has('amount');
  const query: CalculatorQuery = {
    program: (search.get('program') ?? programs[0]?.id ?? '').slice(0, 100),
    amount: (search.get('amount') ?? '').slice(0, 40),
  };
  const body = {
    preview,
    programs,
    figures: publishedFigures(programs),
    faq: content['faq-borrowers'],
    hero: imageBase(content.imagery.borrowers),
    calculator: query,
  };
  if (!asked) return body;
  // The calculator posted without JavaScript: its query read as the form's schema reads it.
  const submission = parseForm(search, { schema: calculatorSchema(programs.map((p) => p.id)), dollars: CALCULATOR_DOLLARS });
  if (submission.status === 'success') return body;
  return refusedPage('invalid', { ...body, calculator: { ...query, result: submission.reply() } });
}

/**
 * Where 'Apply For Funding' and 'Start Your Application' lead (issue "The loan file"): a
 * signed-in borrower straight to a new application, anyone else to sign-up.
 */
function useApplyHref(): string {
  const viewer = useRootData()?.viewer;
  return viewer?.isBorrower ? '/dashboard/loans/new' : '/login?signup=true';
}

export default function BorrowersPage({ loaderData }: Route.ComponentProps) {
  const applyHref = useApplyHref();
  const { programs, faq, hero, preview, figures, calculator } = loaderData;
  return (
    <>
      {preview && <PreviewBanner />}
      <PageHero
        id="top"
        eyebrow="For borrowers"
        title="Capital for real-estate investors and developers"
        lead="Bridge, fix-and-flip, construction and land loans across Nevada and California, underwritten by people who know the market and decided by the principals who fund them."
        image={hero}
      >
        <ButtonLink to={applyHref} size="lg">
          Apply For Funding
        </ButtonLink>
        <ButtonLink to="/contact" variant="inverse" size="lg">
          Talk to a Lender
        </ButtonLink>
      </PageHero>

      <section aria-label="Typical terms" className="border-b border-line bg-surface">
        <dl className="container-page grid grid-cols-2 gap-y-6 py-8 sm:grid-cols-3 lg:grid-cols-5">
          {typicalTerms(figures).map((t) => (
            <div key={t.label} className="px-2">
              <dt className="text-xs font-semibold tracking-[0.14em] text-muted uppercase">{t.label}</dt>
              <dd className="mt-1 font-serif text-2xl text-navy-900">{t.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <Section labelledBy="process-title">
        <SectionHeading
          id="process-title"
          eyebrow="How it works"
          title="Our Loan Process"
          intro="Three steps from first conversation to funding."
          align="center"
        />
        <ol className="mt-12 grid gap-6 md:grid-cols-3">
          {steps.map((s) => (
            <li key={s.name} className={cardClasses('none', 'relative p-8')}>
              <div className="flex items-center gap-4">
                <span
                  className="inline-flex size-12 items-center justify-center rounded-full bg-navy-900 font-serif text-xl text-brass-300"
                  aria-hidden="true"
                >
                  {s.number}
                </span>
                <s.icon className="size-6 text-brass-700" aria-hidden />
              </div>
              <h3 className="mt-6 font-sans text-sm font-bold tracking-[0.16em] text-navy-900">
                <span className="sr-only">Step {s.number}: </span>
                {s.name}
              </h3>
              <p className="mt-3 leading-relaxed text-muted">{s.text}</p>
            </li>
          ))}
        </ol>
      </Section>

      {programs.length > 0 && (
        <Section tone="white" labelledBy="programs-title" id="programs">
          <SectionHeading
            id="programs-title"
            eyebrow="Loan programs"
            title="Published Terms"
            intro="What each program lends today. Your term sheet states the rate, points, term and conditions of your loan."
          />
          <div className="mt-12">
            <LoanProgramCards programs={programs} calculator />
          </div>
        </Section>
      )}

      {programs.length > 0 && (
        <Section labelledBy="calculator-title" id="calculator">
          <SectionHeading
            id="calculator-title"
            eyebrow="In dollars"
            title="Payment Calculator"
            intro="Your monthly interest-only payment, the points and every fee in dollars, and the cash due at closing, from a program’s published terms. An estimate: your term sheet states the terms of your loan."
          />
          <div className="mt-10">
            <PaymentCalculator programs={programs} query={calculator} />
          </div>
        </Section>
      )}

      <Section tone="white" labelledBy="faq-title">
        <div className="grid gap-12 lg:grid-cols-[1fr_2fr]">
          <SectionHeading
            id="faq-title"
            eyebrow="Questions"
            title="Frequently Asked Questions"
            intro="Straight answers to what borrowers ask us most. Anything else, just ask."
          />
          <FaqAccordion items={faq.map((f) => ({ question: f.question, answer: <AnswerText answer={f.answer} /> }))} />
        </div>
      </Section>

      <CtaBand
        title="Ready to fund your next project?"
        actions={
          <ButtonLink to={applyHref} size="lg">
            Start Your Application
          </ButtonLink>
        }
      >
        Create an account, tell us about the property, and hear back from a principal within days.
      </CtaBand>
    </>
  );
}

export const meta: Route.MetaFunction = ({ matches, data: loaded }) =>
  seo({
    title: 'Borrowers: Bridge, Fix-and-Flip and Construction Loans',
    description: [
      'Apply for bridge, fix-and-flip, construction and land loans in Nevada and California',
      loaded?.figures &&
        [
          loaded.figures.maxLtv !== null && `up to ${percent(loaded.figures.maxLtv)} LTV`,
          `rates from ${percent(loaded.figures.rateFrom)}`,
        ]
          .filter(Boolean)
          .join(', '),
    ]
      .filter(Boolean)
      .join(': ')
      .concat(', funding in as little as 30 days.'),
    path: '/borrowers',
    origin: originFromMatches(matches),
  });
