/**
 * Borrowers (/borrowers), product §2 "Borrowers": the hero with 'Apply For Funding', the 3-step
 * Loan Process (1 LOAN DETAILS, 2 APPROVE, 3 FUND), the FAQ accordion (one item open at a
 * time, collapsible) and 'Start Your Application'. The hero carries id="top" for the home
 * page's /borrowers#top link; its image hides itself if it fails to load. Figures follow the
 * spec's marketing claims (§9).
 */
import { useRootData } from '~/root';
import { BadgeCheck, Banknote, ClipboardList } from 'lucide-react';
import type { Route } from './+types/borrowers';
import { PageHero } from '~/components/marketing/page-hero';
import { CtaBand, Section, SectionHeading } from '~/components/marketing/section';
import { FaqAccordion, type FaqItem } from '~/components/ui/accordion';
import { ButtonLink } from '~/components/ui/button';
import { originFromMatches, seo } from '~/lib/seo';
import { cardClasses } from '~/components/ui/card';
import type { RouteHandle } from '~/lib/route-handle';

export const handle = { hydrate: false } satisfies RouteHandle;

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

const terms = [
  { label: 'Loan-to-value', value: 'Up to 60%' },
  { label: 'Interest rate', value: 'Typically 9% – 12%' },
  { label: 'Origination', value: '1.5 – 3 points' },
  { label: 'Funding', value: 'In as little as 30 days' },
] as const;

const faq: readonly FaqItem[] = [
  {
    question: 'What kinds of loans do you make?',
    answer:
      'Short-term, asset-based loans secured by real estate in Nevada and California: acquisition, refinance and cash-out loans, fix-and-flip and construction loans, commercial and multifamily bridge loans, and land acquisition loans. Every loan is secured by a first deed of trust on the property.',
  },
  {
    question: 'How much can I borrow?',
    answer:
      'We lend on the value of the property and the strength of the plan, typically up to 60% loan-to-value. For renovation and construction, rehab funds are released in draws as the work is completed and inspected.',
  },
  {
    question: 'How quickly can you close?',
    answer:
      'Closings typically take place within 30 business days, and funding can happen in as little as 30 days once we have a complete file, a satisfactory valuation and clear title.',
  },
  {
    question: 'What do your loans cost?',
    answer:
      'Interest rates are typically 9% to 12% with interest-only monthly payments, and origination is typically 1.5 to 3 points. Your term sheet lists every rate, fee and condition before you commit.',
  },
  {
    question: 'What do I need to apply?',
    answer:
      'Create an account, tell us about the property and the loan you need, and upload what you have: purchase contract, budget and scope of work, rent roll or plans where relevant, and entity documents. We will ask for anything else we need.',
  },
] as const;

/**
 * Where 'Apply For Funding' and 'Start Your Application' lead (issue "The loan file"): a
 * signed-in borrower straight to a new application, anyone else to sign-up.
 */
function useApplyHref(): string {
  const viewer = useRootData()?.viewer;
  return viewer?.isBorrower ? '/dashboard/loans/new' : '/login?signup=true';
}

export default function BorrowersPage() {
  const applyHref = useApplyHref();
  return (
    <>
      <PageHero
        id="top"
        eyebrow="For borrowers"
        title="Capital for real-estate investors and developers"
        lead="Bridge, fix-and-flip, construction and land loans across Nevada and California, underwritten by people who know the market and decided by the principals who fund them."
        image="hero-borrowers"
      >
        <ButtonLink to={applyHref} size="lg">
          Apply For Funding
        </ButtonLink>
        <ButtonLink to="/contact" variant="inverse" size="lg">
          Talk to a Lender
        </ButtonLink>
      </PageHero>

      <section aria-label="Typical terms" className="border-b border-line bg-surface">
        <dl className="container-page grid grid-cols-2 gap-y-6 py-8 lg:grid-cols-4">
          {terms.map((t) => (
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

      <Section tone="white" labelledBy="faq-title">
        <div className="grid gap-12 lg:grid-cols-[1fr_2fr]">
          <SectionHeading
            id="faq-title"
            eyebrow="Questions"
            title="Frequently Asked Questions"
            intro="Straight answers to what borrowers ask us most. Anything else, just ask."
          />
          <FaqAccordion items={faq} />
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

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: 'Borrowers: Bridge, Fix-and-Flip and Construction Loans',
    description:
      'Apply for bridge, fix-and-flip, construction and land loans in Nevada and California: up to 60% LTV, typical rates of 9–12%, funding in as little as 30 days.',
    path: '/borrowers',
    origin: originFromMatches(matches),
  });
