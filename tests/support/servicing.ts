/**
 * Funded loans for servicing tests (issue 24): a borrower and staff, a loan in Closing with an
 * accepted term sheet written straight to the database, and its boarding through the domain's
 * `boardLoan` with a closing record the test chooses, so every servicing test starts from the
 * one way a loan gets a ledger.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { lenderDay } from '~/lib/format';
import type { BoardingDefaults, BoardingInput } from '~/lib/servicing/boarding';
import { db } from '~/server/db/client.server';
import { loan, profile, termSheet, user } from '~/server/db/schema';
import { boardLoan } from '~/server/domain/servicing/boarding.server';
import type { Loan, LoanActor } from '~/server/domain/loans/loan.server';

/** The boarding form's fields as a browser posts them, from `defaults` (lines as lines[i].field). */
export function boardingForm(defaults: BoardingDefaults, extra: Record<string, string> = {}): FormData {
  const form = new FormData();
  const { lines, ...fields } = defaults;
  for (const [k, v] of Object.entries({ ...fields, ...extra })) if (v !== '') form.set(k, v);
  lines.forEach((line, i) => {
    form.set(`lines[${i}].description`, line.description);
    form.set(`lines[${i}].budgetCents`, line.budgetCents);
  });
  return form;
}

let people = 0;

/** A new user with a profile (`isAdmin` for staff), as a LoanActor. */
export async function newPerson(kind: 'borrower' | 'admin' | 'investor' = 'borrower'): Promise<LoanActor> {
  const who = {
    id: randomUUID(),
    name: `${kind} ${++people}`,
    email: `${kind}${people}-${randomUUID().slice(0, 6)}@example.com`,
  };
  await db()
    .insert(user)
    .values({ ...who, emailVerified: true });
  await db()
    .insert(profile)
    .values({
      userId: who.id,
      isBorrower: kind === 'borrower',
      isAdmin: kind === 'admin',
      isInvestor: kind === 'investor',
      notifyEmail: true,
    });
  return who;
}

/** A closing record: $1,000,000 at 12 % 30/360 on the disbursed balance, funded 2026-01-15, no holdback; override any field. */
export function closing(overrides: Partial<BoardingInput> = {}): BoardingInput {
  return {
    fundedOn: '2026-01-15',
    noteAmountCents: 100_000_000,
    ratePercent: 12,
    points: 2,
    termMonths: 12,
    firstPaymentOn: '2026-02-01',
    maturityOn: '2027-01-15',
    interestMethod: '30/360',
    accrual: 'disbursed',
    lateChargePercent: 10,
    graceDays: 10,
    holdbackCents: 0,
    drawFeeCents: 0,
    extensionPoints: 1,
    reconveyanceFeeCents: 15_000,
    lines: [],
    ...overrides,
  };
}

/**
 * A loan of a new borrower (or `borrower`) in Closing with an accepted term sheet, boarded by
 * `admin` with `record` (a `closing()`), so it is Funded with its ledger's first entry.
 * Returns the loan (Funded), its borrower and the admin.
 */
export async function fundedLoan(
  admin: LoanActor,
  record: BoardingInput = closing(),
  {
    borrower,
    purpose = 'construction',
    reference,
  }: { borrower?: LoanActor; purpose?: Loan['purpose']; /** Unique; random when not given. */ reference?: string } = {},
) {
  const owner = borrower ?? (await newPerson('borrower'));
  const [row] = await db()
    .insert(loan)
    .values({
      borrowerId: owner.id,
      reference: reference ?? `OL-2026-${String(Math.floor(Math.random() * 90_000) + 10_000)}`,
      stage: 'closing',
      stepsDone: 3,
      propertyAddress: '75 Court St',
      propertyCity: 'Reno',
      propertyState: 'NV',
      propertyType: 'Commercial',
      purpose,
      propertyValue: 2_000_000,
      loanAmount: record.noteAmountCents / 100,
      submittedAt: new Date(),
    })
    .returning();
  await db()
    .insert(termSheet)
    .values({
      loanId: row!.id,
      amount: Math.round(record.noteAmountCents / 100),
      ratePercent: record.ratePercent,
      points: record.points,
      termMonths: record.termMonths,
      ltv: 50,
      expiresOn: lenderDay(),
      status: 'accepted',
      respondedAt: new Date(),
      holdback: Math.floor((record.holdbackCents ?? 0) / 100),
    });
  await boardLoan(admin, row!, record, record.fundedOn > lenderDay() ? record.fundedOn : lenderDay());
  const [funded] = await db().select().from(loan).where(eq(loan.id, row!.id));
  return { loan: funded!, borrower: owner, admin };
}
