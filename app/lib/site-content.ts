/**
 * The site's content the lender's staff edit in 'Site content' (issue "First impression"): the
 * loan programs with their published terms, the track record, the team, the two FAQs and the
 * hero imagery. Each section is one validated JSON document (`SECTION_SCHEMAS`); the spec's
 * texts are the defaults an empty database is seeded with (`DEFAULT_CONTENT`), so a fresh site
 * looks complete. Company details and licence numbers stay in configuration (app/server/env).
 *
 * Units: amounts in whole US dollars, LTV / LTC / rates / yields in percent, points in percent of
 * the loan, terms in months, dates 'YYYY-MM-DD' in the lender's zone.
 */
import { z } from 'zod';
import { dayField, percentField, textField, wholeNumberField } from './schemas/fields';

export const SITE_CONTENT_SECTIONS = [
  'loan-programs',
  'track-record',
  'team',
  'faq-borrowers',
  'faq-investors',
  'imagery',
] as const;
export type SiteContentSection = (typeof SITE_CONTENT_SECTIONS)[number];

/** The kinds of image staff upload (`site_image.kind`): a 16:9 hero picture or a square portrait. */
export const SITE_IMAGE_KINDS = ['hero', 'portrait'] as const;
export type SiteImageKind = (typeof SITE_IMAGE_KINDS)[number];

/** Each section in words, for the admin pages and the audit log. */
export const SECTION_LABELS: Record<SiteContentSection, string> = {
  'loan-programs': 'Loan programs',
  'track-record': 'Track record',
  team: 'Team',
  'faq-borrowers': 'Borrower FAQ',
  'faq-investors': 'Investor FAQ',
  imagery: 'Imagery',
};

/** Where each section shows, for 'Preview' links (issue: programs on Home and Borrowers …). */
export const SECTION_PAGES: Record<SiteContentSection, string> = {
  'loan-programs': '/borrowers',
  'track-record': '/',
  team: '/about',
  'faq-borrowers': '/borrowers',
  'faq-investors': '/investors',
  imagery: '/',
};

/** The states the lender lends in (product §1). */
export const STATES = { NV: 'Nevada', CA: 'California' } as const;
export type StateCode = keyof typeof STATES;

const day = dayField('Please enter a date.');
const text = (max: number, required: string) =>
  textField({ max, required, tooLong: `Please keep this under ${max.toLocaleString('en-US')} characters.` });
const dollars = (message: string) => wholeNumberField(0, 1_000_000_000_000, message);
const months = wholeNumberField(1, 600, 'Please enter a term in whole months.');
const id = z.uuid();

export const loanProgramSchema = z
  .object({
    id,
    name: text(80, 'Please enter the program’s name.'),
    description: text(600, 'Please describe the program.'),
    minAmount: dollars('Please enter the smallest loan in whole dollars.'),
    maxAmount: dollars('Please enter the largest loan in whole dollars.'),
    maxLtv: percentField('Please enter the maximum LTV as a percentage.').nullable(),
    maxLtc: percentField('Please enter the maximum LTC as a percentage.').nullable(),
    rateFrom: percentField('Please enter the lowest rate as a percentage.'),
    pointsFrom: percentField('Please enter the points as a percentage.'),
    pointsTo: percentField('Please enter the points as a percentage.'),
    termMinMonths: months,
    termMaxMonths: months,
    propertyTypes: z.array(text(60, 'Please name the property type.')).max(20),
    states: z.array(z.enum(Object.keys(STATES) as [StateCode, ...StateCode[]])).min(1, 'Please choose at least one state.'),
    asOf: day,
    note: text(300, 'Please keep the ‘subject to underwriting’ note.'),
  })
  .refine((p) => p.maxAmount >= p.minAmount, { path: ['maxAmount'], message: 'The largest loan must be at least the smallest.' })
  .refine((p) => p.pointsTo >= p.pointsFrom, { path: ['pointsTo'], message: 'The upper points must be at least the lower.' })
  .refine((p) => p.termMaxMonths >= p.termMinMonths, {
    path: ['termMaxMonths'],
    message: 'The longest term must be at least the shortest.',
  })
  .refine((p) => p.maxLtv !== null || p.maxLtc !== null, { path: ['maxLtv'], message: 'Please give a maximum LTV or LTC.' });
export type LoanProgram = z.infer<typeof loanProgramSchema>;

const metric = <T extends z.ZodNumber>(value: T) => z.object({ value, asOf: day }).nullable();
export const trackRecordSchema = z.object({
  loansFunded: metric(wholeNumberField(0, Infinity, 'Please enter a whole number of loans.')),
  totalVolume: metric(dollars('Please enter the volume in whole dollars.')),
  averageLtv: metric(percentField('Please enter the average LTV as a percentage.')),
  averageYield: metric(percentField('Please enter the average yield as a percentage.')),
  losses: metric(dollars('Please enter the losses in whole dollars.')),
});
export type TrackRecord = z.infer<typeof trackRecordSchema>;
export type TrackRecordMetric = keyof TrackRecord;

/** The track record's figures in the order shown, with their labels. */
export const TRACK_RECORD_METRICS: readonly { key: TrackRecordMetric; label: string }[] = [
  { key: 'loansFunded', label: 'Loans funded' },
  { key: 'totalVolume', label: 'Total volume' },
  { key: 'averageLtv', label: 'Average LTV' },
  { key: 'averageYield', label: 'Average investor yield paid' },
  { key: 'losses', label: 'Principal losses' },
];

export const teamMemberSchema = z.object({
  id,
  name: text(80, 'Please enter the person’s name.'),
  title: text(80, 'Please enter the person’s title.'),
  bio: text(800, 'Please write a short bio.'),
  /** A `site_image` of kind 'portrait', or null for initials. */
  photoId: id.nullable(),
  /** e.g. 'NMLS #123456' or 'CA DRE #01234567'; null when the person holds none. */
  licence: z.string().trim().max(60, 'Please keep the licence under 60 characters.').nullable(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const faqItemSchema = z.object({
  id,
  question: text(200, 'Please enter the question.'),
  answer: text(2000, 'Please enter the answer.'),
});
export type FaqEntry = z.infer<typeof faqItemSchema>;

/** An image the site shows: one it ships (`public/images/{name}-…`) or one staff uploaded. */
export const imageRefSchema = z.union([z.object({ shipped: z.string().regex(/^[a-z0-9-]+$/) }), z.object({ uploaded: id })]);
export type ImageRef = z.infer<typeof imageRefSchema>;

/** The hero pictures: up to three rotating on Home, one each on Borrowers, Investors, About. */
export const imagerySchema = z.object({
  home: z.array(imageRefSchema).min(1, 'Home needs at least one picture.').max(3, 'Home rotates at most three pictures.'),
  borrowers: imageRefSchema,
  investors: imageRefSchema,
  about: imageRefSchema,
});
export type Imagery = z.infer<typeof imagerySchema>;
export type HeroSlot = keyof Imagery;

export const SECTION_SCHEMAS = {
  'loan-programs': z.array(loanProgramSchema).max(12, 'Please keep to 12 programs.'),
  'track-record': trackRecordSchema,
  team: z.array(teamMemberSchema).max(24, 'Please keep to 24 people.'),
  'faq-borrowers': z.array(faqItemSchema).max(30, 'Please keep to 30 questions.'),
  'faq-investors': z.array(faqItemSchema).max(30, 'Please keep to 30 questions.'),
  imagery: imagerySchema,
} satisfies Record<SiteContentSection, z.ZodType>;

/** The content of every section, as visitors see it. */
export interface SiteContent {
  'loan-programs': LoanProgram[];
  'track-record': TrackRecord;
  team: TeamMember[];
  'faq-borrowers': FaqEntry[];
  'faq-investors': FaqEntry[];
  imagery: Imagery;
}

/** The public path of an image without its `-{width}.{format}` ending (see `Picture`). */
export function imageBase(ref: ImageRef): string {
  return 'shipped' in ref ? `/images/${ref.shipped}` : `/site-images/${ref.uploaded}`;
}

/** Whether the track record has any figure filled (the band shows only then). */
export function hasTrackRecord(record: TrackRecord): boolean {
  return TRACK_RECORD_METRICS.some(({ key }) => record[key] !== null);
}

/**
 * A FAQ answer cut into text and links (issue: "plain text with links"): `[label](target)` and
 * bare `https://…` addresses become links when the target is an https URL, a site path or a
 * `mailto:`; everything else stays text, rendered escaped. Blank lines separate paragraphs.
 */
export type AnswerPart = { text: string } | { text: string; href: string };
export function answerParagraphs(answer: string): AnswerPart[][] {
  const pattern = /\[([^\]\n]{1,200})\]\(((?:https:\/\/|\/|mailto:)[^\s)]{0,500})\)|(https:\/\/[^\s<>()]+[^\s<>().,;:!?'"])/g;
  return answer
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => {
      const parts: AnswerPart[] = [];
      let last = 0;
      for (const match of paragraph.matchAll(pattern)) {
        const href = match[2] ?? match[3]!;
        // A site path must not be protocol-relative ('//evil.example').
        if (href.startsWith('//')) continue;
        if (match.index > last) parts.push({ text: paragraph.slice(last, match.index) });
        parts.push({ text: match[1] ?? href, href });
        last = match.index + match[0].length;
      }
      if (last < paragraph.length) parts.push({ text: paragraph.slice(last) });
      return parts;
    });
}

const AS_OF = '2026-11-01';
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
      minAmount: 150_000,
      maxAmount: 5_000_000,
      maxLtv: 60,
      maxLtc: null,
      rateFrom: 9,
      pointsFrom: 1.5,
      pointsTo: 3,
      termMinMonths: 6,
      termMaxMonths: 24,
      propertyTypes: ['Single Family Investment', 'Multifamily', 'Retail', 'Industrial', 'Office', 'Land'],
      states: ['NV', 'CA'],
      asOf: AS_OF,
      note: UNDERWRITING,
    },
    {
      id: '6f1d5b0e-4a37-4d0f-9b1a-1c2e3d4f5a02',
      name: 'Refinance',
      description: 'Pay off a maturing loan or a partner and buy time to finish the plan: lease-up, entitlement or sale.',
      minAmount: 150_000,
      maxAmount: 5_000_000,
      maxLtv: 60,
      maxLtc: null,
      rateFrom: 9,
      pointsFrom: 1.5,
      pointsTo: 3,
      termMinMonths: 6,
      termMaxMonths: 24,
      propertyTypes: ['Single Family Investment', 'Multifamily', 'Retail', 'Industrial', 'Office', 'Self Storage'],
      states: ['NV', 'CA'],
      asOf: AS_OF,
      note: UNDERWRITING,
    },
    {
      id: '6f1d5b0e-4a37-4d0f-9b1a-1c2e3d4f5a03',
      name: 'Cash-Out',
      description: 'Release equity from a property you own free and clear or with low leverage, for your next project.',
      minAmount: 150_000,
      maxAmount: 3_000_000,
      maxLtv: 55,
      maxLtc: null,
      rateFrom: 9.5,
      pointsFrom: 2,
      pointsTo: 3,
      termMinMonths: 6,
      termMaxMonths: 24,
      propertyTypes: ['Single Family Investment', 'Multifamily', 'Retail', 'Industrial', 'Land'],
      states: ['NV', 'CA'],
      asOf: AS_OF,
      note: UNDERWRITING,
    },
    {
      id: '6f1d5b0e-4a37-4d0f-9b1a-1c2e3d4f5a04',
      name: 'Commercial Bridge',
      description:
        'Short-term financing for retail, office, industrial and hospitality property in transition, funded in as little as 30 days.',
      minAmount: 500_000,
      maxAmount: 10_000_000,
      maxLtv: 60,
      maxLtc: 75,
      rateFrom: 10,
      pointsFrom: 1.5,
      pointsTo: 3,
      termMinMonths: 12,
      termMaxMonths: 36,
      propertyTypes: ['Retail', 'Industrial', 'Office', 'Self Storage', 'Hotel/Hospitality', 'Mobile Home Parks'],
      states: ['NV', 'CA'],
      asOf: AS_OF,
      note: UNDERWRITING,
    },
    {
      id: '6f1d5b0e-4a37-4d0f-9b1a-1c2e3d4f5a05',
      name: 'Multifamily Bridge',
      description:
        'Buy, renovate or stabilise apartment buildings of 2 to 20 units, with rehab funds released in draws as work is done.',
      minAmount: 250_000,
      maxAmount: 7_500_000,
      maxLtv: 60,
      maxLtc: 80,
      rateFrom: 9,
      pointsFrom: 1.5,
      pointsTo: 3,
      termMinMonths: 12,
      termMaxMonths: 36,
      propertyTypes: ['Multifamily'],
      states: ['NV', 'CA'],
      asOf: AS_OF,
      note: UNDERWRITING,
    },
  ],
  'track-record': { loansFunded: null, totalVolume: null, averageLtv: null, averageYield: null, losses: null },
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
};

// ---------------------------------------------------------------- admin forms

/** The hero slots of `Imagery`, in the order the admin page shows them. */
export const HERO_SLOTS = ['home', 'borrowers', 'investors', 'about'] as const satisfies readonly HeroSlot[];
/** The most pictures Home rotates (imagerySchema). */
export const HOME_PICTURES_MAX = 3;
/** The largest picture staff may upload for the site, bytes (10 MB). */
export const SITE_IMAGE_MAX_BYTES = 10 * 1024 * 1024;

/**
 * The forms of the admin editors ('Site content'), one per item, read by Conform in the browser
 * and by the section's action: the schemas above, with what a form cannot say itself. An empty
 * LTV, LTC or licence is null; a team member's photo is changed by the upload route, not by this
 * form. A new item's form carries the id the server made for it (the page's loader).
 */
const blankIsNull = (value: unknown) => (value === undefined || value === '' ? null : value);
export const programFormSchema = z.preprocess(
  // Typed as the program, so a form's fields are named after it.
  (value: z.input<typeof loanProgramSchema>) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? { ...value, maxLtv: blankIsNull(value.maxLtv), maxLtc: blankIsNull(value.maxLtc) }
      : value,
  loanProgramSchema,
);
export const teamMemberFormSchema = teamMemberSchema
  .omit({ photoId: true })
  .extend({ licence: teamMemberSchema.shape.licence.default(null) });
export const faqFormSchema = faqItemSchema;

/** One track-record figure in the form: both parts empty is no figure (null); one without the other is refused. */
function metricForm<V extends z.ZodType<number>>(metric: z.ZodNullable<z.ZodObject<{ value: V; asOf: typeof day }>>) {
  const { value, asOf } = metric.unwrap().shape;
  return z
    .object({ value: value.optional(), asOf: asOf.optional() })
    .superRefine((m, ctx) => {
      if (m.value !== undefined && m.asOf === undefined)
        ctx.addIssue({ code: 'custom', path: ['asOf'], message: 'Please enter the date this figure is as of.' });
      if (m.value === undefined && m.asOf !== undefined)
        ctx.addIssue({ code: 'custom', path: ['value'], message: 'Please enter the figure, or clear its date.' });
    })
    .transform((m) => (m.value === undefined || m.asOf === undefined ? null : { value: m.value as number, asOf: m.asOf }));
}
export const trackRecordFormSchema = z.object({
  loansFunded: metricForm(trackRecordSchema.shape.loansFunded),
  totalVolume: metricForm(trackRecordSchema.shape.totalVolume),
  averageLtv: metricForm(trackRecordSchema.shape.averageLtv),
  averageYield: metricForm(trackRecordSchema.shape.averageYield),
  losses: metricForm(trackRecordSchema.shape.losses),
});
