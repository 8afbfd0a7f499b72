/**
 * The site content's default copy (issue "First impression"; docs/product.md §12): the texts an
 * empty database is seeded with, so a fresh site looks complete, and what staff restore a
 * shipped picture from. Shapes, validation and the section lists are app/lib/site-content.ts's.
 *
 * Units as there: amounts in whole US dollars, LTV / LTC / rates in percent, points in percent of
 * the loan, terms in months, dates 'YYYY-MM-DD' in the lender's zone.
 */
import type { SiteContent } from '~/lib/site-content';

const AS_OF = '2026-11-01';
/** The lender's standard fees (issue 23: each program publishes them), whole dollars and percent. */
const FEES = {
  underwritingFee: 1_495,
  legalFee: 995,
  extensionPoints: 1,
  defaultRate: 18,
  prepayment: 'No prepayment penalty after the first 3 months; 3 months’ minimum interest.',
} as const;
const UNDERWRITING =
  'Subject to underwriting. Terms depend on the property, the plan and the borrower; every loan is approved by our principals.';

/**
 * The defaults seeded on an empty database: the spec's loan types with its marketing claims
 * (product §9: up to 60% LTV, 9%–12%, 1.5–3 points, funding in as little as 30 days), the FAQs
 * of the original Borrowers and Investors pages, the shipped pictures. No track record and no
 * team: those are the lender's own facts and show only once staff fill them.
 */
export const DEFAULT_CONTENT: SiteContent = {
  'loan-programs': [
    {
      id: '6f1d5b0e-4a37-4d0f-9b1a-1c2e3d4f5a01',
      name: 'Acquisition',
      description:
        'Buy an investment property quickly, before long-term financing or a sale: a bridge loan on the value of the property.',
      purposes: ['acquisition', 'bridge', 'fix-and-flip'],
      minAmount: 150_000,
      maxAmount: 5_000_000,
      maxLtv: 60,
      maxLtc: null,
      rateFrom: 9,
      pointsFrom: 1.5,
      pointsTo: 3,
      ...FEES,
      drawFee: null,
      termMinMonths: 6,
      termMaxMonths: 24,
      propertyTypes: ['Single-Family Investment', 'Multi-Family', 'Retail', 'Industrial', 'Office', 'Land Development'],
      states: ['NV', 'CA'],
      asOf: AS_OF,
      note: UNDERWRITING,
    },
    {
      id: '6f1d5b0e-4a37-4d0f-9b1a-1c2e3d4f5a02',
      name: 'Refinance',
      description: 'Pay off a maturing loan or a partner and buy time to finish the plan: lease-up, entitlement or sale.',
      purposes: ['refinance'],
      minAmount: 150_000,
      maxAmount: 5_000_000,
      maxLtv: 60,
      maxLtc: null,
      rateFrom: 9,
      pointsFrom: 1.5,
      pointsTo: 3,
      ...FEES,
      drawFee: null,
      termMinMonths: 6,
      termMaxMonths: 24,
      propertyTypes: ['Single-Family Investment', 'Multi-Family', 'Retail', 'Industrial', 'Office', 'Self Storage'],
      states: ['NV', 'CA'],
      asOf: AS_OF,
      note: UNDERWRITING,
    },
    {
      id: '6f1d5b0e-4a37-4d0f-9b1a-1c2e3d4f5a03',
      name: 'Cash-Out',
      description: 'Release equity from a property you own free and clear or with low leverage, for your next project.',
      purposes: ['cash-out'],
      minAmount: 150_000,
      maxAmount: 3_000_000,
      maxLtv: 55,
      maxLtc: null,
      rateFrom: 9.5,
      pointsFrom: 2,
      pointsTo: 3,
      ...FEES,
      drawFee: null,
      termMinMonths: 6,
      termMaxMonths: 24,
      propertyTypes: ['Single-Family Investment', 'Multi-Family', 'Retail', 'Industrial', 'Land Development'],
      states: ['NV', 'CA'],
      asOf: AS_OF,
      note: UNDERWRITING,
    },
    {
      id: '6f1d5b0e-4a37-4d0f-9b1a-1c2e3d4f5a04',
      name: 'Commercial Bridge',
      description:
        'Short-term financing for retail, office, industrial and hospitality property in transition, funded in as little as 30 days.',
      purposes: ['acquisition', 'refinance', 'bridge', 'construction', 'fix-and-flip'],
      minAmount: 500_000,
      maxAmount: 10_000_000,
      maxLtv: 60,
      maxLtc: 75,
      rateFrom: 10,
      pointsFrom: 1.5,
      pointsTo: 3,
      ...FEES,
      drawFee: 350,
      termMinMonths: 12,
      termMaxMonths: 36,
      propertyTypes: [
        'Retail',
        'Office',
        'Industrial',
        'Self Storage',
        'Hotel/Hospitality',
        'Mobile Home Park',
        'Commercial',
        'Mixed-Use',
      ],
      states: ['NV', 'CA'],
      asOf: AS_OF,
      note: UNDERWRITING,
    },
    {
      id: '6f1d5b0e-4a37-4d0f-9b1a-1c2e3d4f5a05',
      name: 'Multifamily Bridge',
      description:
        'Buy, renovate or stabilise apartment buildings of 2 to 20 units, with rehab funds released in draws as work is done.',
      purposes: ['acquisition', 'refinance', 'bridge', 'construction', 'fix-and-flip'],
      minAmount: 250_000,
      maxAmount: 7_500_000,
      maxLtv: 60,
      maxLtc: 80,
      rateFrom: 9,
      pointsFrom: 1.5,
      pointsTo: 3,
      ...FEES,
      drawFee: 250,
      termMinMonths: 12,
      termMaxMonths: 36,
      propertyTypes: ['Multi-Family', 'Mixed-Use'],
      states: ['NV', 'CA'],
      asOf: AS_OF,
      note: UNDERWRITING,
    },
  ],
  'track-record': { loansFunded: null, totalVolume: null, averageLtv: null, loansRepaid: null, averageYield: null, losses: null },
  team: [],
  'faq-borrowers': [
    {
      id: '0b6c1a8e-2d4f-4e8a-9c3b-5d7e9f1a2b01',
      question: 'What kinds of loans do you make?',
      answer:
        'Short-term, asset-based loans secured by real estate in Nevada and California: acquisition, refinance and cash-out loans, fix-and-flip and construction loans, commercial and multifamily bridge loans, and land acquisition loans. Every loan is secured by a first deed of trust on the property.',
    },
    {
      id: '0b6c1a8e-2d4f-4e8a-9c3b-5d7e9f1a2b02',
      question: 'How much can I borrow?',
      answer:
        'We lend on the value of the property and the strength of the plan, typically up to 60% loan-to-value. For renovation and construction, rehab funds are released in draws as the work is completed and inspected.',
    },
    {
      id: '0b6c1a8e-2d4f-4e8a-9c3b-5d7e9f1a2b03',
      question: 'How quickly can you close?',
      answer:
        'Closings typically take place within 30 business days, and funding can happen in as little as 30 days once we have a complete file, a satisfactory valuation and clear title.',
    },
    {
      id: '0b6c1a8e-2d4f-4e8a-9c3b-5d7e9f1a2b04',
      question: 'What do your loans cost?',
      answer:
        'Interest rates are typically 9% to 12% with interest-only monthly payments, and origination is typically 1.5 to 3 points. Your term sheet lists every rate, fee and condition before you commit.',
    },
    {
      id: '0b6c1a8e-2d4f-4e8a-9c3b-5d7e9f1a2b05',
      question: 'What do I need to apply?',
      answer:
        'Create an account, tell us about the property and the loan you need, and upload what you have: purchase contract, budget and scope of work, rent roll or plans where relevant, and entity documents. We will ask for anything else we need.',
    },
  ],
  'faq-investors': [
    {
      id: '0b6c1a8e-2d4f-4e8a-9c3b-5d7e9f1a2c01',
      question: 'Who can invest?',
      answer:
        'Our investment opportunities are open to accredited investors only: individuals with income over $200,000 ($300,000 joint) in each of the last two years, or a net worth over $1 million excluding their primary residence, and qualifying entities.',
    },
    {
      id: '0b6c1a8e-2d4f-4e8a-9c3b-5d7e9f1a2c02',
      question: 'What is a deed of trust investment?',
      answer:
        'You fund all or part of a short-term loan to a real-estate investor or developer. The loan is secured by a deed of trust recorded against the property, which gives the lender the right to foreclose if the borrower defaults.',
    },
    {
      id: '0b6c1a8e-2d4f-4e8a-9c3b-5d7e9f1a2c03',
      question: 'How are returns paid?',
      answer:
        'Borrowers make monthly interest payments, and investors receive their share of the interest monthly. Principal is returned when the borrower repays the loan, typically within 6 to 36 months.',
    },
    {
      id: '0b6c1a8e-2d4f-4e8a-9c3b-5d7e9f1a2c04',
      question: 'What are the risks?',
      answer:
        'Every investment carries risk, including the loss of principal. A borrower may pay late or default, and a property may sell for less than expected. Conservative loan-to-value ratios and first-position security reduce that risk but do not remove it. Past performance does not guarantee future results.',
    },
    {
      id: '0b6c1a8e-2d4f-4e8a-9c3b-5d7e9f1a2c05',
      question: 'How do I see available deals?',
      answer:
        'Create an investor account. Once signed in, you can browse current and closed deals, follow the ones that interest you, download each prospectus and receive notifications as deals progress.',
    },
  ],
  imagery: {
    home: [{ shipped: 'hero-home-1' }, { shipped: 'hero-home-2' }, { shipped: 'hero-home-3' }],
    borrowers: { shipped: 'hero-borrowers' },
    investors: { shipped: 'hero-investors' },
    about: { shipped: 'about-lake' },
  },
  'investor-protections': {
    servicer:
      'We service every loan we arrange: we collect the borrower’s monthly payments, pay investors their share of the interest each month, and watch the taxes, insurance and the property itself until the loan is repaid.',
    fundsHeld:
      'Your money never sits with us before a loan funds. It goes to an escrow account at the title company handling the closing, and is released only when the deed of trust is recorded and the lender’s title policy issued. If the loan does not close, the escrow returns it to you.',
    onDefault:
      'If a borrower misses a payment, we contact them at once and the note’s default rate applies. If the default is not cured, we, as servicer, start foreclosure under the deed of trust on the investors’ behalf; the proceeds of the sale pay the investors’ principal and interest before the borrower sees anything. A conservative loan-to-value leaves room for costs and a lower price: it reduces the risk of loss but does not remove it.',
  },
};

/**
 * The demo's sample content (SEED_DEMO, issue 23 "Trust at first sight"): a complete team and a
 * track record, so a fresh demo start shows a complete site. Invented people and figures, marked
 * `sample` in the admin editor until staff publish their own. Phones are 555-01xx numbers, which
 * are reserved for fiction; e-mails use the company's demo domain. The portraits are drawn by the
 * seed (app/server/db/seed.server.ts), one per person, in `SAMPLE_PORTRAIT_COLOURS`' order.
 */
export const SAMPLE_CONTENT: Pick<SiteContent, 'team' | 'track-record'> = {
  team: [
    {
      id: '7a2c9e10-5b3d-4f8e-a1c2-3d4e5f6a7b01',
      name: 'Margaret Ormsby',
      title: 'Founder & Principal',
      bio: 'Margaret founded the firm after twenty years in commercial real-estate lending in Reno and Sacramento. She approves every loan and sits on every credit committee.',
      photoId: null,
      licence: 'NV Mortgage Broker #4210 · NMLS #123456',
      phone: '(775) 555-0142',
      email: 'margaret.ormsby@ormsbylending.example',
    },
    {
      id: '7a2c9e10-5b3d-4f8e-a1c2-3d4e5f6a7b02',
      name: 'David Chen',
      title: 'Chief Credit Officer',
      bio: 'David underwrites each deal: the property, the plan and the exit. Before joining us he ran construction lending for a regional bank for twelve years.',
      photoId: null,
      licence: 'NMLS #234567',
      phone: '(775) 555-0143',
      email: 'david.chen@ormsbylending.example',
    },
    {
      id: '7a2c9e10-5b3d-4f8e-a1c2-3d4e5f6a7b03',
      name: 'Rosa Alvarez',
      title: 'Investor Relations',
      bio: 'Rosa is the first call for our investors: new deals, monthly payments, statements and questions about a loan you hold.',
      photoId: null,
      licence: 'CA DRE #01234567',
      phone: '(775) 555-0144',
      email: 'rosa.alvarez@ormsbylending.example',
    },
    {
      id: '7a2c9e10-5b3d-4f8e-a1c2-3d4e5f6a7b04',
      name: 'James Whitfield',
      title: 'Loan Servicing Manager',
      bio: 'James services the loans once they fund: payments, draws for rehab and construction, insurance and payoff statements.',
      photoId: null,
      licence: null,
      phone: '(775) 555-0145',
      email: 'james.whitfield@ormsbylending.example',
    },
  ],
  'track-record': {
    loansFunded: { value: 214, asOf: '2026-06-30' },
    totalVolume: { value: 186_400_000, asOf: '2026-06-30' },
    averageLtv: { value: 58.4, asOf: '2026-06-30' },
    loansRepaid: { value: 187, asOf: '2026-06-30' },
    averageYield: null,
    losses: { value: 0, asOf: '2026-06-30' },
  },
};

/** The background of each sample portrait, in the team's order (navy, brass, slate, green). */
export const SAMPLE_PORTRAIT_COLOURS = ['#1f3a5f', '#8a6a2f', '#4a5a6a', '#2f5d50'] as const;
