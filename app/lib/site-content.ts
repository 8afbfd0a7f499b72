/**
 * The site's content the lender's staff edit in 'Site content' (issue "First impression"): the
 * loan programs with their published terms, the track record, the team, the two FAQs and the
 * hero imagery. Each section is one validated JSON document (`SECTION_SCHEMAS`); the spec's
 * texts, seeded on an empty database so a fresh site looks complete, are copy and live in
 * app/content/site-content.ts (`DEFAULT_CONTENT`). Company details and licence numbers stay in
 * configuration (app/server/env).
 *
 * Units: amounts in whole US dollars, LTV / LTC / rates / yields in percent, points in percent of
 * the loan, terms in months, dates 'YYYY-MM-DD' in the lender's zone.
 */
import { z } from 'zod';
import { LOAN_PURPOSES } from './loans';
import { dayField, emailField, EMAIL_INVALID, percentField, phoneField, textField, wholeNumberField } from './schemas/fields';
import { PROPERTY_TYPES, valuesOf, type PropertyType } from './vocabulary';

export const SITE_CONTENT_SECTIONS = [
  'loan-programs',
  'track-record',
  'team',
  'faq-borrowers',
  'faq-investors',
  'imagery',
  'investor-protections',
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
  'investor-protections': 'Investor protections',
};

/** Where each section shows, for 'Preview' links (issue: programs on Home and Borrowers …). */
export const SECTION_PAGES: Record<SiteContentSection, string> = {
  'loan-programs': '/borrowers',
  'track-record': '/',
  team: '/about',
  'faq-borrowers': '/borrowers',
  'faq-investors': '/investors',
  imagery: '/',
  'investor-protections': '/investors',
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

/** Values of `list`, once each, in its order (a program's purposes and types are sets, shown in the list's order). */
const inListOrder =
  <V extends string>(list: readonly { value: V }[]) =>
  (values: V[]): V[] =>
    list.map((c) => c.value).filter((v) => values.includes(v));

/**
 * A loan program's published terms (issue "First impression") and, since issue 23 ("Trust at
 * first sight"), its fees beside them: origination points (`pointsFrom`–`pointsTo`), the
 * underwriting or processing fee and the legal or document fee (whole dollars, paid at closing),
 * the draw fee (whole dollars a draw, null for a program without draws), the extension fee
 * (points), the prepayment terms (text) and the default rate (percent a year). `purposes` and
 * `propertyTypes` are the application's own lists (LOAN_PURPOSES, PROPERTY_TYPES), so a program
 * can be matched to an application (app/lib/program-fit.ts).
 */
export const loanProgramSchema = z
  .object({
    id,
    name: text(80, 'Please enter the program’s name.'),
    description: text(600, 'Please describe the program.'),
    purposes: z
      .array(z.enum(valuesOf(LOAN_PURPOSES), { error: 'Please choose purposes from the list.' }))
      .min(1, 'Please choose at least one purpose.')
      .max(LOAN_PURPOSES.length)
      .transform(inListOrder(LOAN_PURPOSES)),
    minAmount: dollars('Please enter the smallest loan in whole dollars.'),
    maxAmount: dollars('Please enter the largest loan in whole dollars.'),
    maxLtv: percentField('Please enter the maximum LTV as a percentage.').nullable(),
    maxLtc: percentField('Please enter the maximum LTC as a percentage.').nullable(),
    rateFrom: percentField('Please enter the lowest rate as a percentage.'),
    pointsFrom: percentField('Please enter the points as a percentage.'),
    pointsTo: percentField('Please enter the points as a percentage.'),
    underwritingFee: dollars('Please enter the underwriting or processing fee in whole dollars.'),
    legalFee: dollars('Please enter the legal or document fee in whole dollars.'),
    drawFee: dollars('Please enter the draw fee in whole dollars.').nullable(),
    extensionPoints: percentField('Please enter the extension fee in points.'),
    defaultRate: percentField('Please enter the default rate as a percentage.'),
    prepayment: text(200, 'Please state the prepayment terms.'),
    termMinMonths: months,
    termMaxMonths: months,
    propertyTypes: z
      .array(z.enum(valuesOf(PROPERTY_TYPES), { error: 'Please choose property types from the list.' }))
      .min(1, 'Please choose at least one property type.')
      .max(PROPERTY_TYPES.length)
      .transform(inListOrder(PROPERTY_TYPES)),
    states: z.array(z.enum(Object.keys(STATES) as [StateCode, ...StateCode[]])).min(1, 'Please choose at least one state.'),
    asOf: day,
    note: text(300, 'Please keep the ‘subject to underwriting’ note.'),
  })
  .refine((p) => p.maxAmount >= p.minAmount, { path: ['maxAmount'], message: 'The largest loan must be at least the smallest.' })
  .refine((p) => p.pointsTo >= p.pointsFrom, { path: ['pointsTo'], message: 'The upper points must be at least the lower.' })
  .refine((p) => p.defaultRate >= p.rateFrom, { path: ['defaultRate'], message: 'The default rate must be at least the rate.' })
  .refine((p) => p.termMaxMonths >= p.termMinMonths, {
    path: ['termMaxMonths'],
    message: 'The longest term must be at least the shortest.',
  })
  .refine((p) => p.maxLtv !== null || p.maxLtc !== null, { path: ['maxLtv'], message: 'Please give a maximum LTV or LTC.' });
export type LoanProgram = z.infer<typeof loanProgramSchema>;

/** Property types as programs named them before issue 23, and their value in PROPERTY_TYPES. */
const LEGACY_PROPERTY_TYPES: Record<string, PropertyType> = {
  'Single Family Investment': 'Single-Family Investment',
  'Single Family': 'Single-Family Investment',
  Multifamily: 'Multi-Family',
  'Multi Family Investment': 'Multi-Family',
  Land: 'Land Development',
  'Land Investment': 'Land Development',
  'Mobile Home Parks': 'Mobile Home Park',
  'Commercial Investment': 'Commercial',
  'Mixed Use Investment': 'Mixed-Use',
  Specialty: 'Commercial',
};
const PROGRAM_FEE_KEYS = [
  'purposes',
  'underwritingFee',
  'legalFee',
  'drawFee',
  'extensionPoints',
  'defaultRate',
  'prepayment',
] as const;

/**
 * Loan programs as stored before issue 23 read as today's (the content's migration, done on
 * read so a backup of any age restores): a program without its fees or purposes takes them from
 * the default program of the same id, else from the first default (`defaults`:
 * DEFAULT_CONTENT's programs), for staff to review in the editor; a property type named the old
 * way ('Multifamily') takes its value in PROPERTY_TYPES ('Multi-Family'), one no longer known is
 * dropped, and a program left with none takes its default's. Anything else passes unchanged, for
 * the section's schema to judge.
 */
export function upgradeLoanPrograms(value: unknown, defaults: readonly LoanProgram[]): unknown {
  if (!Array.isArray(value) || defaults.length === 0) return value;
  const known = new Set<string>(valuesOf(PROPERTY_TYPES));
  return value.map((program: unknown) => {
    if (!program || typeof program !== 'object' || Array.isArray(program)) return program;
    const p = { ...(program as Record<string, unknown>) };
    const fallback = defaults.find((d) => d.id === p.id) ?? defaults[0]!;
    for (const key of PROGRAM_FEE_KEYS) if (p[key] === undefined) p[key] = fallback[key];
    if (Array.isArray(p.propertyTypes)) {
      const mapped = p.propertyTypes.flatMap((t: unknown) => {
        const name = typeof t === 'string' ? (LEGACY_PROPERTY_TYPES[t] ?? t) : t;
        return typeof name === 'string' && known.has(name) ? [name] : [];
      });
      p.propertyTypes = mapped.length ? [...new Set(mapped)] : fallback.propertyTypes;
    }
    return p;
  });
}

const metric = <T extends z.ZodNumber>(value: T) => z.object({ value, asOf: day }).nullable();
/**
 * The track record staff enter: the lender's figures from before the platform (issue 23). The
 * public band shows them added to what the platform's own loan files give
 * (app/lib/track-record.ts). A section saved before 'loans repaid' existed reads it as empty.
 */
export const trackRecordSchema = z.object({
  loansFunded: metric(wholeNumberField(0, Infinity, 'Please enter a whole number of loans.')),
  totalVolume: metric(dollars('Please enter the volume in whole dollars.')),
  averageLtv: metric(percentField('Please enter the average LTV as a percentage.')),
  loansRepaid: metric(wholeNumberField(0, Infinity, 'Please enter a whole number of loans.')).default(null),
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
  { key: 'loansRepaid', label: 'Loans repaid' },
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
  /** A direct line as people write it, '(775) 555-0142' (issue 23); null when none is given. */
  phone: z
    .preprocess(
      (v) => (v === null ? undefined : v),
      phoneField({ invalid: 'Please enter a phone number such as (775) 555-0142.' }),
    )
    .transform((v) => v ?? null),
  /** A direct e-mail address (issue 23); null when none is given. */
  email: z
    .preprocess((v) => (v === null || v === '' ? undefined : v), emailField(EMAIL_INVALID).optional())
    .transform((v) => v ?? null),
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

/**
 * What an investor must know before placing money (issue 23, "Investors"): who services the
 * loans, where investors' funds are held before a loan funds (escrow or the title company), and
 * what happens if a borrower defaults. Shown on every deal page, beside the projected interest,
 * with a link to the Investor FAQ.
 */
export const investorProtectionsSchema = z.object({
  servicer: text(600, 'Please say who services the loans.'),
  fundsHeld: text(600, 'Please say where investors’ funds are held before funding.'),
  onDefault: text(1200, 'Please say what happens if a borrower defaults.'),
});
export type InvestorProtections = z.infer<typeof investorProtectionsSchema>;

/** The three statements in the order shown, with their headings. */
export const INVESTOR_PROTECTION_ITEMS: readonly { key: keyof InvestorProtections; label: string }[] = [
  { key: 'servicer', label: 'Who services the loan' },
  { key: 'fundsHeld', label: 'Where your funds are held before funding' },
  { key: 'onDefault', label: 'If the borrower defaults' },
];

export const SECTION_SCHEMAS = {
  'loan-programs': z.array(loanProgramSchema).max(12, 'Please keep to 12 programs.'),
  'track-record': trackRecordSchema,
  team: z.array(teamMemberSchema).max(24, 'Please keep to 24 people.'),
  'faq-borrowers': z.array(faqItemSchema).max(30, 'Please keep to 30 questions.'),
  'faq-investors': z.array(faqItemSchema).max(30, 'Please keep to 30 questions.'),
  imagery: imagerySchema,
  'investor-protections': investorProtectionsSchema,
} satisfies Record<SiteContentSection, z.ZodType>;

/** The content of every section, as visitors see it. */
export interface SiteContent {
  'loan-programs': LoanProgram[];
  'track-record': TrackRecord;
  team: TeamMember[];
  'faq-borrowers': FaqEntry[];
  'faq-investors': FaqEntry[];
  imagery: Imagery;
  'investor-protections': InvestorProtections;
}

/** A section the public site lacks or shows only as sample (the admin dashboard's list, issue 23), with its editor. */
export interface MissingSection {
  section: SiteContentSection;
  label: string;
  /** What is missing, a sentence. */
  reason: string;
  href: string;
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
      ? {
          ...value,
          maxLtv: blankIsNull(value.maxLtv),
          maxLtc: blankIsNull(value.maxLtc),
          drawFee: blankIsNull(value.drawFee),
        }
      : value,
  loanProgramSchema,
);
/** The program form's amounts, typed in money fields (`parseForm`'s `dollars`). */
export const PROGRAM_DOLLARS = ['minAmount', 'maxAmount', 'underwritingFee', 'legalFee', 'drawFee'] as const;
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
  loansRepaid: metricForm(trackRecordSchema.shape.loansRepaid.unwrap()),
  losses: metricForm(trackRecordSchema.shape.losses),
});
export const investorProtectionsFormSchema = investorProtectionsSchema;
