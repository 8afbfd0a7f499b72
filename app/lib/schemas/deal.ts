/**
 * The admin deal form (product §5 deal form; product decisions deal fields): the spec's required-field
 * texts, numbers in dollars, percent, months and acres; coordinates numbers or empty; the investor
 * rate and who receives the loan's fees (issue 25 "Investor returns").
 */
import { z } from 'zod';
import { FRAMING_BYTES } from '~/lib/body-limit';
import { FEES_TO } from '~/lib/returns/vocabulary';
import { optionalTextField, percentField, textField, wholeNumberField } from '~/lib/schemas/fields';
import { valuesOf } from '~/lib/vocabulary';

/** Spec §9 admin Property Type filter (and the form's suggestions). */
export const ADMIN_PROPERTY_TYPES = [
  'Residential',
  'Mixed Use',
  'Office Building',
  'Commercial Property',
  'Residential Complex',
  'Residential Development',
  'Commercial Plaza',
] as const;
/** Spec §9 Duration filter buckets on term in months (product decisions: ranges on term_months). */
export const DURATIONS = [
  { value: '6-12', label: '6-12 months', min: 6, max: 12 },
  { value: '12-18', label: '12-18 months', min: 12, max: 18 },
  { value: '24-36', label: '24-36 months', min: 24, max: 36 },
  { value: '36+', label: '36+ months', min: 36, max: null },
] as const;
export const DEAL_STATUSES = ['Active', 'Closed'] as const;
/** Spec §9: admin deals page size. */
export const ADMIN_DEALS_PAGE_SIZE = 15;
/** Largest image the deal form accepts, bytes (its hint: 'MAX. 10MB each'). */
export const DEAL_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** Images one deal keeps (the first is the cover). */
export const DEAL_MAX_IMAGES = 20;
/** Largest prospectus PDF, bytes. */
export const DEAL_PROSPECTUS_MAX_BYTES = 25 * 1024 * 1024;
/** The deal form's largest body, bytes: every image and the prospectus at their limits, with the fields. */
export const DEAL_FORM_MAX_BYTES = DEAL_MAX_IMAGES * DEAL_IMAGE_MAX_BYTES + DEAL_PROSPECTUS_MAX_BYTES + FRAMING_BYTES;

const required = (label: string, max: number) =>
  textField({
    max,
    required: `${label} is required`,
    tooLong: `${label} must be at most ${max.toLocaleString('en-US')} characters`,
  });
const whole = (message: string, min: number, max: number) =>
  wholeNumberField(min, max, { required: message, whole: 'Please enter a whole number' });
const dollars = (max: number) => wholeNumberField(1, max, { required: 'Please enter a whole number of dollars' });
const optionalNumber = (min: number, max: number) => z.number({ error: 'Please enter a number' }).min(min).max(max).optional();

/** A deed of trust's lien position (issue "Investing"). */
export const LIEN_POSITIONS = ['first', 'second'] as const;
export const LIEN_POSITION_CHOICES = [
  { value: 'first', label: 'First lien' },
  { value: 'second', label: 'Second lien' },
] as const satisfies readonly { value: (typeof LIEN_POSITIONS)[number]; label: string }[];
/** The deal form's amounts, typed in money fields (`MoneyField`; `parseForm`'s `dollars`). */
export const DEAL_DOLLARS = ['loanAmount', 'minimumInvestment', 'amountToRaise', 'investmentStep'] as const;

/** The step of amounts when the lender sets none (issue "Investing"): $1,000. */
export const DEFAULT_INVESTMENT_STEP = 1000;

const optionalText = (max: number, label: string) =>
  optionalTextField({ max, tooLong: `${label} must be at most ${max.toLocaleString('en-US')} characters` });

export const dealFormSchema = z
  .object({
    title: required('Property name', 200),
    location: required('Address', 300),
    description: required('Description', 10_000),
    type: optionalText(100, 'The property type'),
    sponsor: optionalText(200, 'The development partner'),
    loanAmount: whole('Loan amount is required', 1, 10_000_000_000),
    ltv: percentField({ required: 'LTV is required' }),
    /** The investor rate (issue 25): at most the note rate of the loan the deal offers (checked on the server). */
    interestRate: percentField({ required: 'Investor rate is required' }),
    termMonths: whole('Duration is required', 1, 600),
    minimumInvestment: whole('Investment minimum is required', 0, 10_000_000_000),
    acreage: optionalNumber(0, 1_000_000),
    coordinatesLat: optionalNumber(-90, 90),
    coordinatesLng: optionalNumber(-180, 180),
    status: z.enum(DEAL_STATUSES).default('Active'),
    /** Existing images to keep (their storage keys), in order. */
    keepImages: z.array(z.string().max(200)).max(DEAL_MAX_IMAGES).default([]),
    removeProspectus: z.boolean().default(false),
    /** What investors are asked for; the loan amount when left empty. */
    amountToRaise: dollars(10_000_000_000).optional(),
    investmentStep: dollars(10_000_000).default(DEFAULT_INVESTMENT_STEP),
    lienPosition: z.enum(LIEN_POSITIONS).default('first'),
    loanPurpose: optionalText(2_000, 'The loan purpose'),
    borrowerExperience: optionalText(2_000, 'The borrower experience'),
    exitStrategy: optionalText(2_000, 'The exit strategy'),
    riskFactors: optionalText(5_000, 'The risk factors'),
    /** Who receives the loan's late charges and fees (issue 25 "Distributions"); left out: unchanged (new: the lender). */
    feesTo: z.enum(valuesOf(FEES_TO), { error: 'Choose who receives the fees' }).optional(),
  })
  .superRefine((d, ctx) => {
    if (d.minimumInvestment < d.investmentStep || d.minimumInvestment % d.investmentStep !== 0)
      ctx.addIssue({
        code: 'custom',
        path: ['minimumInvestment'],
        message: `The investment minimum must be a multiple of the step ($${d.investmentStep.toLocaleString('en-US')})`,
      });
    if ((d.amountToRaise ?? d.loanAmount) < d.minimumInvestment)
      ctx.addIssue({
        code: 'custom',
        path: ['amountToRaise'],
        message: 'The amount to raise must be at least the investment minimum',
      });
  });

export type DealFormInput = z.infer<typeof dealFormSchema>;
