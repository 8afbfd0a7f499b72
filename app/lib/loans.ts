/**
 * The loan file's vocabulary and rules shared by the browser and the server (issue "The loan
 * file"; docs/product.md §10): stages and the moves between them, purposes, the document
 * checklist each purpose needs, the application's fields and their checks, and the ratios
 * (LTV, LTC, ARV-LTV). Money is whole US dollars, ratios are numeric percent, terms months.
 */
import { z } from 'zod';
import { dayField, numberField, optionalTextField, requiredPhoneField, textField, wholeNumberField } from './schemas/fields';
import { PROPERTY_TYPES, valuesOf, type Choice } from './vocabulary';

// ---------------------------------------------------------------- stages

/** The pipeline in order, then the two ways a loan closes early. */
export const LOAN_STAGES = [
  { value: 'draft', label: 'Draft', next: 'Finish the application and submit it; nothing is sent to us before you do.' },
  {
    value: 'submitted',
    label: 'Submitted',
    next: 'We have your application and will start reviewing it within one business day.',
  },
  { value: 'in_review', label: 'In review', next: 'Our team is reviewing the property and your documents; we may ask for more.' },
  {
    value: 'term_sheet',
    label: 'Term sheet',
    next: 'Your term sheet is ready: review it and accept or decline it before it expires.',
  },
  {
    value: 'processing',
    label: 'Processing',
    next: 'We are ordering the valuation and title work and checking the remaining documents.',
  },
  {
    value: 'approved',
    label: 'Approved',
    next: 'Your loan is approved; we are preparing the loan documents and the deed of trust.',
  },
  { value: 'closing', label: 'Closing', next: 'Sign the loan documents with the title company; funds follow recording.' },
  { value: 'funded', label: 'Funded', next: 'The loan is funded. Payments and draws follow your loan documents.' },
  { value: 'paid_off', label: 'Paid off', next: 'The loan is paid off and the deed of trust reconveyed. Thank you.' },
  { value: 'declined', label: 'Declined', next: 'We are unable to make this loan; the notice we sent you gives the reasons.' },
  { value: 'withdrawn', label: 'Withdrawn', next: 'The application was withdrawn; you can start a new one at any time.' },
] as const;

export type LoanStage = (typeof LOAN_STAGES)[number]['value'];
export const LOAN_STAGE_VALUES = LOAN_STAGES.map((s) => s.value) as [LoanStage, ...LoanStage[]];

/** The stages of the pipeline proper, in order (declined and withdrawn are exits from it). */
export const PIPELINE: readonly LoanStage[] = [
  'draft',
  'submitted',
  'in_review',
  'term_sheet',
  'processing',
  'approved',
  'closing',
  'funded',
  'paid_off',
];

/** Stages after which nothing moves. */
export const CLOSED_STAGES: readonly LoanStage[] = ['paid_off', 'declined', 'withdrawn'];

/** 'In review' for 'in_review'. */
export function stageLabel(stage: LoanStage): string {
  return LOAN_STAGES.find((s) => s.value === stage)!.label;
}

/** The sentence on what happens after `stage` (the borrower's timeline). */
export function stageNext(stage: LoanStage): string {
  return LOAN_STAGES.find((s) => s.value === stage)!.next;
}

/**
 * The stages staff may move a loan in `stage` to (issue "The loan file" rules): the next
 * stage of the pipeline, back one stage (not to Draft or Submitted: the application is the
 * borrower's), or Declined while it is open and not yet funded. A draft is the borrower's
 * until submitted; closed loans never move; Funded is reached only by boarding the loan and Paid
 * off only by recording its payoff (issue 24). Term sheet is reached by issuing one, and left
 * forward by the borrower's acceptance, so staff cannot skip them either.
 */
export function staffMoves(stage: LoanStage): LoanStage[] {
  // Funded is reached by boarding the loan (its closing record), Paid off by recording the payoff
  // (issue 24 "Servicing"); a funded loan has a ledger and does not go back.
  if (stage === 'draft' || stage === 'funded' || CLOSED_STAGES.includes(stage)) return [];
  const at = PIPELINE.indexOf(stage);
  const moves: LoanStage[] = [];
  const next = PIPELINE[at + 1];
  if (next && next !== 'term_sheet' && next !== 'funded' && stage !== 'term_sheet') moves.push(next);
  const back = PIPELINE[at - 1];
  if (back && back !== 'term_sheet' && at - 1 >= PIPELINE.indexOf('in_review')) moves.push(back);
  if (PIPELINE.indexOf(stage) < PIPELINE.indexOf('funded')) moves.push('declined');
  return moves;
}

/** True when the borrower may still withdraw a loan in `stage` (before closing starts). */
export function canWithdraw(stage: LoanStage): boolean {
  return ['draft', 'submitted', 'in_review', 'term_sheet', 'processing', 'approved'].includes(stage);
}

/** True when a term sheet may be issued for a loan in `stage`. */
export function canIssueTermSheet(stage: LoanStage): boolean {
  return stage === 'in_review' || stage === 'term_sheet';
}

// ---------------------------------------------------------------- application

/** The loan's purpose (issue "The loan file"). */
export const LOAN_PURPOSES = [
  { value: 'acquisition', label: 'Acquisition' },
  { value: 'refinance', label: 'Refinance' },
  { value: 'cash-out', label: 'Cash-out refinance' },
  { value: 'bridge', label: 'Bridge' },
  { value: 'construction', label: 'Construction' },
  { value: 'fix-and-flip', label: 'Fix and flip' },
] as const satisfies readonly Choice[];
export type LoanPurpose = (typeof LOAN_PURPOSES)[number]['value'];

/** Purposes that finance work on the property: a rehab or construction budget and an ARV apply. */
export const REHAB_PURPOSES: readonly LoanPurpose[] = ['construction', 'fix-and-flip'];
/** Purposes where the property is bought, so the value asked is the purchase price. */
export const PURCHASE_PURPOSES: readonly LoanPurpose[] = ['acquisition', 'fix-and-flip', 'bridge', 'construction'];

/** The borrower's estimated credit score, asked by the application (issue "Trust at first sight"). */
export const CREDIT_SCORE_RANGES = [
  { value: 'under-620', label: 'Under 620' },
  { value: '620-679', label: '620–679' },
  { value: '680-719', label: '680–719' },
  { value: '720-759', label: '720–759' },
  { value: '760-plus', label: '760 or higher' },
] as const satisfies readonly Choice[];
export type CreditScoreRange = (typeof CREDIT_SCORE_RANGES)[number]['value'];

/** The states the lender lends in (product §1: Nevada and California). */
export const LENDING_STATES = [
  { value: 'NV', label: 'Nevada' },
  { value: 'CA', label: 'California' },
] as const satisfies readonly Choice[];

export const EXIT_STRATEGIES = [
  { value: 'sale', label: 'Sale of the property' },
  { value: 'refinance', label: 'Refinance into long-term financing' },
  { value: 'hold', label: 'Hold and repay from rental income' },
  { value: 'other', label: 'Other' },
] as const satisfies readonly Choice[];

export const ENTITY_TYPES = [
  { value: 'llc', label: 'LLC or other company' },
  { value: 'individual', label: 'Individual' },
] as const satisfies readonly Choice[];

/** The label of `value` in `list`, or the value itself. */
export function labelOf(list: readonly Choice[], value: string | null | undefined): string {
  return list.find((c) => c.value === value)?.label ?? value ?? '';
}

/** The application's steps, in order; a draft resumes at the first one not yet saved. */
export const APPLICATION_STEPS = [
  { value: 'property', label: 'Property' },
  { value: 'loan', label: 'Loan' },
  { value: 'borrower', label: 'Borrower' },
  { value: 'review', label: 'Review' },
] as const;
export type ApplicationStep = (typeof APPLICATION_STEPS)[number]['value'];

export const LOAN_MESSAGES = {
  state: 'We lend in Nevada and California only.',
  loanAboveValue: "The loan amount cannot be more than the property's value.",
  loanAboveCost: 'The loan amount cannot be more than the purchase price plus the rehab budget.',
  loanAboveArv: 'The loan amount cannot be more than the after-repair value.',
  arvBelowValue: 'The after-repair value cannot be less than the current value.',
  closingPast: 'The target closing date cannot be in the past.',
  closingFar: 'The target closing date must be within two years.',
  whole: 'Please enter a whole number of dollars.',
  phone: 'Please enter a valid phone number, such as (775) 555-0142.',
} as const;

const MAX_DOLLARS = 1_000_000_000;
const text = (label: string, max: number) =>
  textField({ max, required: `${label} is required`, tooLong: `${label} must be at most ${max} characters` });
const dollars = (label: string) =>
  wholeNumberField(1, MAX_DOLLARS, {
    required: `${label} is required`,
    whole: LOAN_MESSAGES.whole,
    tooSmall: `${label} must be at least $1`,
    tooLarge: `${label} must be at most $1,000,000,000`,
  });
const choice = <L extends readonly Choice[]>(list: L, message: string) => z.enum(valuesOf(list), { error: message });

export const propertyStepSchema = z.object({
  propertyAddress: text('Street address', 200),
  propertyCity: text('City', 100),
  propertyState: choice(LENDING_STATES, LOAN_MESSAGES.state),
  propertyType: choice(PROPERTY_TYPES, 'Please choose the property type'),
});

/** The loan step; the cross-field checks (loan above value...) are `checkLoanAmounts`'s. */
export const loanStepSchema = z
  .object({
    purpose: choice(LOAN_PURPOSES, 'Please choose the purpose of the loan'),
    propertyValue: dollars('Value'),
    rehabBudget: dollars('Rehab budget').optional(),
    afterRepairValue: dollars('After-repair value').optional(),
    loanAmount: dollars('Loan amount'),
    exitStrategy: choice(EXIT_STRATEGIES, 'Please choose your exit strategy'),
  })
  .superRefine(
    (v, ctx) => {
      const num = (x: unknown) => (typeof x === 'number' && Number.isFinite(x) ? x : null);
      const amounts = {
        purpose: v.purpose,
        propertyValue: num(v.propertyValue),
        rehabBudget: num(v.rehabBudget),
        afterRepairValue: num(v.afterRepairValue),
        loanAmount: num(v.loanAmount),
      };
      for (const issue of checkLoanAmounts(amounts)) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
    },
    // Checked as soon as the amounts are typed, before the rest of the step is answered.
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  );

/**
 * The borrower step. `today` is the lender's calendar day 'YYYY-MM-DD' (a closing date before
 * it is refused); the browser and the server each pass their own.
 */
export const borrowerStepSchema = (today: string) =>
  z.object({
    entityType: choice(ENTITY_TYPES, 'Please choose who borrows'),
    entityName: optionalTextField({ max: 200, tooLong: 'The name must be at most 200 characters' }),
    projectsLast36Months: wholeNumberField(0, 1000, {
      required: 'Please enter how many projects you completed',
      whole: 'Please enter a whole number',
    }),
    targetClosingDate: dayField('Target closing date is required', 'Please enter a date')
      .refine((d) => d >= today, LOAN_MESSAGES.closingPast)
      .refine((d) => d <= addYears(today, 2), LOAN_MESSAGES.closingFar),
    phone: requiredPhoneField({ required: 'Phone number is required', invalid: LOAN_MESSAGES.phone }),
    creditScoreRange: choice(CREDIT_SCORE_RANGES, 'Please choose your estimated credit score'),
  });

function addYears(day: string, years: number): string {
  return `${Number(day.slice(0, 4)) + years}${day.slice(4)}`;
}

/** The application's amounts, in whole dollars. */
export const DOLLAR_FIELDS = ['propertyValue', 'rehabBudget', 'afterRepairValue', 'loanAmount'] as const;

/** The application's fields (all steps), as saved on a draft. */
export type LoanApplication = z.infer<typeof propertyStepSchema> &
  z.infer<typeof loanStepSchema> &
  z.infer<ReturnType<typeof borrowerStepSchema>>;

/** The schema of `step` (`today` as for `borrowerStepSchema`). */
export function stepSchema(step: Exclude<ApplicationStep, 'review'>, today: string) {
  if (step === 'property') return propertyStepSchema;
  if (step === 'loan') return loanStepSchema;
  return borrowerStepSchema(today);
}

interface Amounts {
  purpose: LoanPurpose;
  propertyValue?: number | null;
  rehabBudget?: number | null;
  afterRepairValue?: number | null;
  loanAmount?: number | null;
}

/**
 * The impossible amounts in `a` (issue "The loan file": a loan above the value): without
 * rehab, the loan may not exceed the value; with it (construction, fix and flip), not the
 * purchase price plus the budget, nor the after-repair value, which may not be below the
 * value. Returns the field and message of each, [] when the amounts are possible.
 */
export function checkLoanAmounts(a: Amounts): { path: 'loanAmount' | 'afterRepairValue' | 'rehabBudget'; message: string }[] {
  const issues: ReturnType<typeof checkLoanAmounts> = [];
  const { propertyValue: value, loanAmount: loan } = a;
  if (!value || !loan) return issues;
  if (REHAB_PURPOSES.includes(a.purpose)) {
    if (!a.rehabBudget) issues.push({ path: 'rehabBudget', message: 'Rehab budget is required' });
    if (!a.afterRepairValue) issues.push({ path: 'afterRepairValue', message: 'After-repair value is required' });
    else if (a.afterRepairValue < value) issues.push({ path: 'afterRepairValue', message: LOAN_MESSAGES.arvBelowValue });
    if (loan > value + (a.rehabBudget ?? 0)) issues.push({ path: 'loanAmount', message: LOAN_MESSAGES.loanAboveCost });
    else if (a.afterRepairValue && loan > a.afterRepairValue)
      issues.push({ path: 'loanAmount', message: LOAN_MESSAGES.loanAboveArv });
  } else if (loan > value) {
    issues.push({ path: 'loanAmount', message: LOAN_MESSAGES.loanAboveValue });
  }
  return issues;
}

/** Ratios in percent rounded to 0.1: LTV always, LTC and ARV-LTV where a rehab applies. */
export interface LoanRatios {
  ltv: number | null;
  ltc: number | null;
  arvLtv: number | null;
}

const pct = (part: number, whole: number) => Math.round((part / whole) * 1000) / 10;

/** The ratios of `a` (see LoanRatios); null where an amount is missing or does not apply. */
export function loanRatios(a: Partial<Amounts>): LoanRatios {
  const loan = a.loanAmount ?? 0;
  const value = a.propertyValue ?? 0;
  const rehab = a.purpose && REHAB_PURPOSES.includes(a.purpose);
  return {
    ltv: loan > 0 && value > 0 ? pct(loan, value) : null,
    ltc: rehab && loan > 0 && value + (a.rehabBudget ?? 0) > 0 && a.rehabBudget ? pct(loan, value + a.rehabBudget) : null,
    arvLtv: rehab && loan > 0 && a.afterRepairValue ? pct(loan, a.afterRepairValue) : null,
  };
}

/** 'OL-2026-00042': the year the loan was submitted and its number in that year. */
export function formatReference(year: number, n: number): string {
  return `OL-${year}-${String(n).padStart(5, '0')}`;
}

/** True for a string shaped like a loan reference. */
export function isReference(value: string): boolean {
  return /^OL-\d{4}-\d{5,}$/.test(value);
}

// ---------------------------------------------------------------- checklist

export const ITEM_STATUSES = [
  { value: 'requested', label: 'Requested' },
  { value: 'uploaded', label: 'Uploaded (awaiting review)' },
  { value: 'accepted', label: 'Accepted' },
  { value: 'needs_attention', label: 'Needs attention' },
] as const satisfies readonly Choice[];
export type ItemStatus = (typeof ITEM_STATUSES)[number]['value'];

export interface ChecklistTemplateItem {
  title: string;
  description: string;
}

const ITEMS = {
  id: { title: 'Government-issued ID', description: "A driver's license or passport of each guarantor." },
  entity: {
    title: 'Entity documents',
    description: 'Articles of organization, operating agreement and certificate of good standing of the borrowing company.',
  },
  funds: {
    title: 'Proof of funds',
    description: 'The last two months of bank statements showing the down payment and reserves.',
  },
  reo: {
    title: 'Schedule of real estate owned',
    description: 'The properties you own, with their value, debt and rent.',
  },
  insurance: { title: 'Insurance binder', description: 'Hazard insurance naming the lender as mortgagee, from your agent.' },
  contract: { title: 'Purchase contract', description: 'The signed purchase and sale agreement with all addenda.' },
  scope: {
    title: 'Scope of work and rehab budget',
    description: 'The work planned, line by line, with its cost and timeline.',
  },
  plans: { title: 'Plans and permits', description: 'The approved plans and building permits, or their status.' },
  builder: { title: 'Construction contract', description: "The general contractor's signed contract and license." },
  mortgage: { title: 'Mortgage statement', description: 'The latest statement of each loan on the property, for the payoff.' },
  lease: { title: 'Leases and rent roll', description: 'Current leases and rent roll, if the property is rented.' },
  use: { title: 'Use of cash-out proceeds', description: 'A short letter on what the cash out will be used for.' },
} satisfies Record<string, ChecklistTemplateItem>;

const BY_PURPOSE: Record<LoanPurpose, ChecklistTemplateItem[]> = {
  acquisition: [ITEMS.contract],
  refinance: [ITEMS.mortgage, ITEMS.lease],
  'cash-out': [ITEMS.mortgage, ITEMS.lease, ITEMS.use],
  bridge: [ITEMS.contract, ITEMS.mortgage],
  construction: [ITEMS.plans, ITEMS.builder, ITEMS.scope],
  'fix-and-flip': [ITEMS.contract, ITEMS.scope],
};

/**
 * The checklist a submitted loan starts with: what its purpose needs, the entity documents
 * when a company borrows, then what every loan needs (ID, proof of funds, schedule of real
 * estate owned, insurance binder).
 */
export function checklistTemplate(purpose: LoanPurpose, entityType: 'llc' | 'individual'): ChecklistTemplateItem[] {
  return [
    ...BY_PURPOSE[purpose],
    ...(entityType === 'llc' ? [ITEMS.entity] : []),
    ITEMS.id,
    ITEMS.funds,
    ITEMS.reo,
    ITEMS.insurance,
  ];
}

// ---------------------------------------------------------------- staff forms

export const MESSAGE_MAX = 5000;

/** Admin pipeline page size (as the other admin lists, product §9). */
export const PIPELINE_PAGE_SIZE = 15;

/**
 * A term sheet's statuses: 'issued' is the open one (at most one per loan, a partial unique
 * index), then the borrower's answer, or 'superseded' when staff issue another.
 */
export const TERM_SHEET_STATUSES = ['issued', 'accepted', 'declined', 'superseded'] as const;
export type TermSheetStatus = (typeof TERM_SHEET_STATUSES)[number];

/** A fee in whole dollars; left blank it is none (0). */
const fee = (label: string) =>
  wholeNumberField(0, 10_000_000, {
    required: `${label} must be a whole number of dollars`,
    whole: LOAN_MESSAGES.whole,
    tooSmall: `${label} cannot be negative`,
    tooLarge: `${label} must be at most $10,000,000`,
  })
    .optional()
    .transform((v) => v ?? 0);

/** The most characters of a term sheet's prepayment terms. */
export const PREPAYMENT_TERMS_MAX = 200;

/**
 * Staff's term sheet form (issue "The loan file"; issue 23 "Trust at first sight": the fees in
 * dollars). Amounts, fees and the holdback are whole dollars, the rate, points, extension points,
 * LTV and default rate percent; the holdback is less than the amount. Fees, extension points and
 * holdback left blank are none (0), the default rate and prepayment terms none stated.
 * `today` is the lender's day.
 */
export const termSheetSchema = (today: string) =>
  z
    .object({
      amount: dollars('Loan amount'),
      ratePercent: numberField(0.01, 36, { required: 'Interest rate is required', tooSmall: 'Must be more than 0' }),
      points: numberField(0, 10, { required: 'Points are required' }),
      termMonths: wholeNumberField(1, 360, { required: 'Term is required', whole: 'Please enter a whole number of months' }),
      ltv: numberField(0.1, 100, { required: 'LTV is required', tooSmall: 'Must be more than 0' }),
      expiresOn: dayField('Expiry date is required', 'Please enter a date').refine(
        (d) => d >= today,
        'The expiry date cannot be in the past.',
      ),
      underwritingFee: fee('Underwriting fee'),
      legalFee: fee('Legal and document fee'),
      drawFee: fee('Draw fee'),
      extensionPoints: numberField(0, 10, { required: 'Please enter a number of points' })
        .optional()
        .transform((v) => v ?? 0),
      defaultRatePercent: numberField(0.01, 36, { required: 'Please enter a rate', tooSmall: 'Must be more than 0' })
        .optional()
        .transform((v) => v ?? null),
      prepaymentTerms: optionalTextField({
        max: PREPAYMENT_TERMS_MAX,
        tooLong: `Prepayment terms must be at most ${PREPAYMENT_TERMS_MAX} characters`,
      }).transform((v) => v ?? ''),
      holdback: fee('Holdback'),
    })
    .refine((v) => v.holdback < v.amount, { path: ['holdback'], message: 'The holdback must be less than the loan amount.' });
