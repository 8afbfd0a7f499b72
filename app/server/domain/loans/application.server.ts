/**
 * Applying for a loan (issue "The loan file"; docs/product.md §10.1): the application saved step
 * by step as a draft (`saveApplicationStep`), prefilled from the profile and the last loan,
 * submitted with a reference and its checklist (`submitApplication`), or withdrawn.
 */
import { and, count, eq, ne, sql } from 'drizzle-orm';
import {
  canWithdraw,
  checklistTemplate,
  formatReference,
  LOAN_PURPOSES,
  loanRatios,
  stepSchema,
  APPLICATION_STEPS,
  type ApplicationStep,
} from '~/lib/loans';
import { lenderDay } from '~/lib/format';
import { db } from '../../db/client.server';
import { loan, loanItem, loanReferenceCounter, profile, termSheet } from '../../db/schema';
import { Refused } from '../../errors.server';
import { type Loan, type LoanActor, NOT_FOUND, lockLoan, tellBorrower, tellLender, recordMove } from './loan.server';

// ---------------------------------------------------------------- applying

/** The application's fields as a draft stores them, by step. */
const STEP_COLUMNS = {
  property: ['propertyAddress', 'propertyCity', 'propertyState', 'propertyType'],
  loan: ['purpose', 'propertyValue', 'rehabBudget', 'afterRepairValue', 'loanAmount', 'exitStrategy'],
  borrower: ['entityType', 'entityName', 'projectsLast36Months', 'targetClosingDate', 'phone', 'creditScoreRange'],
} as const;

/**
 * What the first application of `borrowerId` starts from: the sign-up answers (product §3)
 * mapped to the application's fields; once they have a loan other than draft `draftId`, only
 * their profile's phone (issue 23: the application asks for one).
 */
export async function applicationPrefill(borrowerId: string, draftId?: string): Promise<Partial<Record<string, string>>> {
  const [existing] = await db()
    .select({ n: count() })
    .from(loan)
    .where(and(eq(loan.borrowerId, borrowerId), draftId ? ne(loan.id, draftId) : undefined));
  const [p] = await db()
    .select({
      loanType: profile.loanType,
      propertyTypes: profile.propertyTypes,
      propertyAddress: profile.propertyAddress,
      desiredLoanAmount: profile.desiredLoanAmount,
      estimatedPropertyValue: profile.estimatedPropertyValue,
      phone: profile.phone,
    })
    .from(profile)
    .where(eq(profile.userId, borrowerId));
  if (!p) return {};
  // The phone is theirs on every application; the other answers start the first one only.
  if (existing && existing.n > 0) return p.phone ? { phone: p.phone } : {};
  const purpose = LOAN_PURPOSES.find((x) => x.value === p.loanType)?.value;
  return Object.fromEntries(
    Object.entries({
      propertyAddress: p.propertyAddress ?? undefined,
      propertyType: p.propertyTypes[0],
      purpose,
      loanAmount: p.desiredLoanAmount?.toString(),
      propertyValue: p.estimatedPropertyValue?.toString(),
      phone: p.phone ?? undefined,
    }).filter(([, v]) => v),
  );
}

/**
 * Saves `step` of the application with `values` (already checked against the step's schema)
 * on draft `loanId` of `borrower`, or on a new draft when `loanId` is null. Returns the
 * draft's id. @throws NotFound for a loan not theirs, Refused('conflict') once submitted.
 */
export async function saveApplicationStep(
  borrower: LoanActor,
  loanId: string | null,
  step: Exclude<ApplicationStep, 'review'>,
  values: Record<string, unknown>,
): Promise<string> {
  const columns = Object.fromEntries(STEP_COLUMNS[step].map((c) => [c, values[c] ?? null]));
  const stepNumber = APPLICATION_STEPS.findIndex((s) => s.value === step) + 1;
  if (!loanId) {
    const [row] = await db()
      .insert(loan)
      .values({ borrowerId: borrower.id, ...columns, stepsDone: stepNumber })
      .returning({ id: loan.id });
    return row!.id;
  }
  return db().transaction(async (tx) => {
    const l = await lockLoan(tx, loanId);
    if (l.borrowerId !== borrower.id) throw NOT_FOUND();
    if (l.stage !== 'draft')
      throw new Refused('conflict', 'This application was already submitted and can no longer be changed.', 'Not saved');
    // A changed purpose may drop the rehab amounts: the loan step is saved whole.
    await tx
      .update(loan)
      .set({ ...columns, stepsDone: Math.max(l.stepsDone, stepNumber) })
      .where(eq(loan.id, l.id));
    return l.id;
  });
}

/** The application of `l` as each step's form reads it (strings; '' for a field not saved). */
export function applicationValues(l: Loan): Record<string, string> {
  const all = [...STEP_COLUMNS.property, ...STEP_COLUMNS.loan, ...STEP_COLUMNS.borrower];
  return Object.fromEntries(all.map((c) => [c, l[c] === null || l[c] === undefined ? '' : String(l[c])]));
}

/**
 * Submits draft `l` of `borrower`: every step is checked again as on the day of submission
 * (a closing date now past is refused), the loan gets the year's next reference, the
 * checklist its purpose needs, a 'Submitted' event, the borrower's 'submission received'
 * and the lender's 'new application' e-mails. Returns the reference.
 * @throws Refused('invalid') naming the step to complete, Refused('conflict') when not a draft.
 */
export async function submitApplication(borrower: LoanActor, l: Loan, now = new Date()): Promise<string> {
  const values = applicationValues(l);
  for (const step of ['property', 'loan', 'borrower'] as const) {
    const fields = Object.fromEntries(STEP_COLUMNS[step].filter((c) => values[c] !== '').map((c) => [c, coerce(c, values[c]!)]));
    const parsed = stepSchema(step, lenderDay(now)).safeParse(fields);
    if (!parsed.success)
      throw new Refused(
        'invalid',
        `Please complete the ${step} step: ${parsed.error.issues[0]?.message ?? 'a field is missing'}.`,
        'Application not submitted',
      );
  }
  return db().transaction(async (tx) => {
    const locked = await lockLoan(tx, l.id);
    if (locked.borrowerId !== borrower.id) throw NOT_FOUND();
    if (locked.stage !== 'draft') throw new Refused('conflict', 'This application was already submitted.', 'Already submitted');
    const year = Number(lenderDay(now).slice(0, 4));
    const [counter] = await tx
      .insert(loanReferenceCounter)
      .values({ year, n: 1 })
      .onConflictDoUpdate({ target: loanReferenceCounter.year, set: { n: sql`${loanReferenceCounter.n} + 1` } })
      .returning({ n: loanReferenceCounter.n });
    const reference = formatReference(year, counter!.n);
    await tx.update(loan).set({ reference, submittedAt: now, stepsDone: APPLICATION_STEPS.length }).where(eq(loan.id, l.id));
    const submitted = { ...locked, reference, submittedAt: now };
    await recordMove(tx, submitted, 'submitted', borrower, null);
    const items = checklistTemplate(locked.purpose!, locked.entityType === 'llc' ? 'llc' : 'individual');
    await tx.insert(loanItem).values(items.map((item, i) => ({ loanId: l.id, ...item, position: i + 1 })));
    await tellBorrower(
      tx,
      submitted,
      'loan-submitted',
      { title: 'Application submitted', message: `We received application ${reference}.`, type: 'success' },
      { items: items.map((i) => i.title) },
    );
    await tellLender(tx, submitted, 'loan-application', {
      purpose: LOAN_PURPOSES.find((p) => p.value === locked.purpose)?.label ?? null,
      ltv: loanRatios({ ...locked, purpose: locked.purpose! }).ltv,
    });
    return reference;
  });
}

const NUMERIC = new Set(['propertyValue', 'rehabBudget', 'afterRepairValue', 'loanAmount', 'projectsLast36Months']);
const coerce = (column: string, value: string) => (NUMERIC.has(column) ? Number(value) : value);

/**
 * Withdraws loan `l` at its borrower's request, with their optional `reason`.
 * @throws Refused('conflict') once closing has started or the loan is closed.
 */
export async function withdrawLoan(borrower: LoanActor, l: Loan, reason: string | null): Promise<void> {
  await db().transaction(async (tx) => {
    const locked = await lockLoan(tx, l.id);
    if (!canWithdraw(locked.stage))
      throw new Refused('conflict', 'This loan can no longer be withdrawn online. Please message us.', 'Not withdrawn');
    await recordMove(tx, locked, 'withdrawn', borrower, reason);
    await tx
      .update(termSheet)
      .set({ status: 'superseded' })
      .where(and(eq(termSheet.loanId, l.id), eq(termSheet.status, 'issued')));
    if (locked.reference) await tellLender(tx, locked, 'loan-stage-lender', { stage: 'Withdrawn', note: reason });
  });
}
