/**
 * The schema keeps its invariants (issue "Integrity", a schema that keeps its invariants): every
 * enum column of `schema.ts` (found by walking the schema, so a new one is covered) accepts each
 * value of its list and refuses any other; no CHECK in the database lists values by hand; one
 * issued term sheet per loan, two concurrent issues serialised; the profile's amounts are bigint
 * and never negative; a deal links to an existing loan, at most one deal per loan, and the loan
 * cannot be deleted under it; migration 0010 keeps the data it converts; calendar days are real.
 */
import { randomUUID } from 'node:crypto';
import { eq, getTableColumns, getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { isCalendarDay, lenderDay } from '~/lib/format';
import { borrowerStepSchema, termSheetSchema } from '~/lib/loans';
import { expiryRefusal } from '~/lib/schemas/accreditation';
import { borrowerPreferencesSchema } from '~/lib/schemas/profile';
import { db } from '~/server/db/client.server';
import * as schema from '~/server/db/schema';
import { deal, loan, profile, termSheet, user } from '~/server/db/schema';
import { borrowerLoan, staffLoan } from '~/server/domain/loans/loan.server';
import { issueTermSheet, moveStage } from '~/server/domain/loans/pipeline.server';
import { saveApplicationStep, submitApplication } from '~/server/domain/loans/application.server';
import type { LoanActor } from '~/server/domain/loans/loan.server';
import { updateBorrowerPreferences } from '~/server/domain/accounts/profiles.server';
import { migrateOldData } from '../support/old-database';
import { useTestDatabase } from '../support/test-database';

useTestDatabase();

/** The SQLSTATE and constraint of the database error behind `error` (drizzle wraps it). */
function pgError(error: unknown): { code?: string; constraint?: string } {
  for (let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e)
    if (typeof e.code === 'string') return e;
  throw error;
}

/** The database error `run` fails with. */
async function refusedWith(run: () => Promise<unknown>): Promise<{ code?: string; constraint?: string }> {
  try {
    await run();
  } catch (error) {
    return pgError(error);
  }
  throw new Error('expected the database to refuse');
}

class Rollback extends Error {}
/** Runs `write` in a transaction that is always rolled back; rethrows what it throws. */
async function rolledBack(write: (tx: Parameters<Parameters<ReturnType<typeof db>['transaction']>[0]>[0]) => Promise<unknown>) {
  try {
    await db().transaction(async (tx) => {
      await write(tx);
      throw new Rollback();
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
  }
}

const admin: LoanActor = { id: randomUUID(), name: 'Morgan Staff', email: `staff-${randomUUID().slice(0, 6)}@ormsby.test` };
const parents = {
  userId: '',
  dealId: '',
  loanId: '',
  otherLoanId: '',
  entryId: '',
  drawId: '',
  documentId: '',
  commitmentId: '',
};

/** A closing record (loan_servicing) without its loan id. */
const servicingValues = () => ({
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
});

async function newUser(): Promise<LoanActor> {
  const who = { id: randomUUID(), name: 'Pat Borrower', email: `pat-${randomUUID().slice(0, 8)}@example.com` };
  await db()
    .insert(user)
    .values({ ...who, emailVerified: true });
  await db().insert(profile).values({ userId: who.id, isBorrower: true, isInvestor: true });
  return who;
}

const dealValues = () => ({
  title: `Deal ${randomUUID().slice(0, 6)}`,
  location: 'Reno, NV',
  description: 'A deed of trust.',
  loanAmount: 1_000_000,
  ltv: 60,
  termMonths: 12,
  interestRate: 10,
  minimumInvestment: 1000,
  amountToRaise: 1_000_000,
});
const termSheetValues = (loanId: string) => ({
  loanId,
  amount: 900_000,
  ratePercent: 10.5,
  points: 2,
  termMonths: 12,
  ltv: 60,
  expiresOn: '2099-12-31',
});

/**
 * A valid row of each table that has an enum column, built on `parents`. A table with an enum
 * column and no row here fails the test: add its row, and its columns are probed.
 */
const validRows: Record<string, () => Record<string, unknown>> = {
  deal: dealValues,
  soft_commitment: () => ({ dealId: parents.dealId, investorId: parents.userId, amount: 1000, status: 'indicated' }),
  accreditation_record: () => ({ investorId: parents.userId, method: 'self_certified', establishedOn: '2026-01-01' }),
  data_room_document: () => ({
    dealId: parents.dealId,
    title: 'Appraisal',
    kind: 'appraisal',
    storageKey: `data-room/${randomUUID()}`,
    fileName: 'a.pdf',
    mimeType: 'application/pdf',
    fileSize: 10,
  }),
  loan: () => ({ borrowerId: parents.userId }),
  loan_item: () => ({ loanId: parents.loanId, title: 'ID', position: 1 }),
  loan_event: () => ({ loanId: parents.loanId, toStage: 'submitted' }),
  term_sheet: () => termSheetValues(parents.loanId),
  notification: () => ({ userId: parents.userId, title: 'Hello', message: 'A notice.' }),
  contact: () => ({ name: 'Sam', email: 'sam@example.com' }),
  outbox_email: () => ({ to: 'sam@example.com', template: 'contact', payload: {} }),
  site_content: () => ({ section: 'team', published: [] }),
  site_image: () => ({ kind: 'hero', widths: [640], width: 1280, height: 720 }),
  stage_target: () => ({ stage: 'submitted', days: 5 }),
  loan_servicing: () => ({ ...servicingValues(), loanId: parents.otherLoanId }),
  // One row every kind accepts: an adjustment's bucket and reason, a payment's parts, a late charge's due day, a reversal's payment.
  ledger_entry: () => ({
    loanId: parents.loanId,
    day: '2026-02-01',
    kind: 'fee',
    amountCents: 1,
    feesCents: 1,
    interestCents: 0,
    principalCents: 0,
    suspenseCents: 0,
    bucket: 'fees',
    reason: 'A probe',
    dueOn: '2026-03-01',
    reverses: parents.entryId,
    method: 'ach',
    principalAfter: 0,
    holdbackAfter: 0,
    interestDueAfter: 0,
    feesDueAfter: 0,
    suspenseAfter: 0,
  }),
  draw_request: () => ({ loanId: parents.loanId, number: 99, attestedAt: new Date() }),
  draw_file: () => ({ drawId: parents.drawId, documentId: parents.documentId, kind: 'photo' }),
  extension_request: () => ({
    loanId: parents.loanId,
    months: 3,
    fromMaturityOn: '2027-01-15',
    newMaturityOn: '2027-04-15',
    feeCents: 100,
  }),
  position: () => ({
    dealId: parents.dealId,
    loanId: parents.loanId,
    investorId: parents.userId,
    commitmentId: parents.commitmentId,
    amountCents: 100_000,
    fundedOn: '2026-01-15',
    method: 'wire',
    reference: 'W-1',
  }),
  distribution_run: () => ({
    periodFrom: '2026-02-01',
    periodTo: '2026-02-28',
    cashCents: 0,
    investorsCents: 0,
    lenderCents: 0,
    spreadCents: 0,
    paidOn: '2026-03-05',
    paymentReference: 'B-1',
  }),
  loan_update: () => ({ loanId: parents.loanId, kind: 'note', episode: '2026-03-01', title: 'A probe', body: 'A probe.' }),
};

const tables: PgTable[] = Object.values(schema as Record<string, unknown>).filter((t): t is PgTable => is(t, PgTable));
const enumColumns = tables.flatMap((table) =>
  Object.entries(getTableColumns(table))
    .filter(([, c]) => c.enumValues?.length)
    .map(([key, c]) => ({ table, name: getTableName(table), key, column: c.name, values: c.enumValues! })),
);

beforeAll(async () => {
  await db().insert(user).values({ id: admin.id, name: admin.name, email: admin.email, emailVerified: true });
  await db().insert(profile).values({ userId: admin.id, isAdmin: true });
  parents.userId = (await newUser()).id;
  parents.dealId = (await db().insert(deal).values(dealValues()).returning({ id: deal.id }))[0]!.id;
  parents.loanId = (await db().insert(loan).values({ borrowerId: parents.userId }).returning({ id: loan.id }))[0]!.id;
  parents.commitmentId = (
    await db()
      .insert(schema.softCommitment)
      .values({ dealId: parents.dealId, investorId: parents.userId, amount: 1000, status: 'confirmed' })
      .returning({ id: schema.softCommitment.id })
  )[0]!.id;
  parents.otherLoanId = (await db().insert(loan).values({ borrowerId: parents.userId }).returning({ id: loan.id }))[0]!.id;
  // The servicing rows hang on a boarded loan: its closing record, a payment, a draw, a document.
  await db()
    .insert(schema.loanServicing)
    .values({ ...servicingValues(), loanId: parents.loanId } as typeof schema.loanServicing.$inferInsert);
  parents.entryId = (
    await db()
      .insert(schema.ledgerEntry)
      .values({
        loanId: parents.loanId,
        day: '2026-01-15',
        kind: 'closing-disbursement',
        amountCents: 100,
        principalAfter: 100,
        holdbackAfter: 0,
        interestDueAfter: 0,
        feesDueAfter: 0,
        suspenseAfter: 0,
      })
      .returning({ id: schema.ledgerEntry.id })
  )[0]!.id;
  parents.drawId = (
    await db()
      .insert(schema.drawRequest)
      .values({ loanId: parents.loanId, number: 1, attestedAt: new Date() })
      .returning({ id: schema.drawRequest.id })
  )[0]!.id;
  parents.documentId = (
    await db()
      .insert(schema.document)
      .values({
        userId: parents.userId,
        title: 'Photo',
        fileName: 'a.jpg',
        storageKey: `probe/${randomUUID()}`,
        fileSize: 1,
        mimeType: 'image/jpeg',
      })
      .returning({ id: schema.document.id })
  )[0]!.id;
});

describe('enum columns', () => {
  it('are found in the schema (stages, statuses, kinds)', () => {
    const names = enumColumns.map((c) => `${c.name}.${c.column}`);
    expect(names).toEqual(
      expect.arrayContaining(['loan.stage', 'loan_item.status', 'term_sheet.status', 'soft_commitment.status', 'deal.status']),
    );
    expect(names.length).toBeGreaterThanOrEqual(19);
  });

  it.each(enumColumns.map((c) => [`${c.name}.${c.column}`, c] as const))(
    '%s accepts every value of its list and refuses any other',
    async (_, c) => {
      const row = validRows[c.name];
      if (!row) throw new Error(`No valid row of table ${c.name} in validRows: add one so its enum columns are probed`);
      for (const value of c.values)
        await rolledBack((tx) =>
          tx
            .insert(c.table)
            .values({ ...row(), [c.key]: value })
            .onConflictDoNothing(),
        );
      const refused = await refusedWith(() =>
        rolledBack((tx) => tx.insert(c.table).values({ ...row(), [c.key]: 'not-in-the-list' })),
      );
      expect(refused).toMatchObject({ code: '23514', constraint: `${c.name}_${c.column}_check` });
    },
  );

  it('every CHECK listing values in the database is generated for an enum column', async () => {
    const { rows } = await db().execute<{ table: string; name: string; definition: string }>(sql`
      select conrelid::regclass::text as table, conname as name, pg_get_constraintdef(oid) as definition
      from pg_constraint where contype = 'c' and connamespace = 'public'::regnamespace`);
    const listing = rows.filter((r) => /ANY \(ARRAY\[/.test(r.definition)).map((r) => r.name);
    expect(listing.length).toBeGreaterThan(0);
    expect(listing.sort()).toEqual(enumColumns.map((c) => `${c.name}_${c.column}_check`).sort());
  });
});

describe('term sheets', () => {
  it('the database refuses a second issued term sheet on a loan', async () => {
    const [l] = await db().insert(loan).values({ borrowerId: parents.userId }).returning({ id: loan.id });
    await db().insert(termSheet).values(termSheetValues(l!.id));
    const refused = await refusedWith(() => db().insert(termSheet).values(termSheetValues(l!.id)));
    expect(refused).toMatchObject({ code: '23505', constraint: 'term_sheet_issued_idx' });
    // Superseded and answered ones are history: any number of them.
    await db()
      .insert(termSheet)
      .values([
        { ...termSheetValues(l!.id), status: 'superseded' },
        { ...termSheetValues(l!.id), status: 'superseded' },
      ]);
  });

  it('two term sheets issued at once are serialised: one stays issued, the other is superseded', async () => {
    const borrower = await newUser();
    let id = await saveApplicationStep(borrower, null, 'property', {
      propertyAddress: '75 Court St',
      propertyCity: 'Reno',
      propertyState: 'NV',
      propertyType: 'Commercial',
    });
    id = await saveApplicationStep(borrower, id, 'loan', {
      purpose: 'bridge',
      propertyValue: 2_000_000,
      loanAmount: 1_300_000,
      exitStrategy: 'refinance',
    });
    id = await saveApplicationStep(borrower, id, 'borrower', {
      entityType: 'individual',
      projectsLast36Months: 2,
      targetClosingDate: lenderDay(new Date(Date.now() + 30 * 86_400_000)),
      phone: '(775) 555-0142',
      creditScoreRange: '720-759',
    });
    const reference = await submitApplication(borrower, (await borrowerLoan(borrower.id, id))!);
    await moveStage(admin, (await staffLoan(reference))!, 'in_review', null);
    const l = (await staffLoan(reference))!;

    const terms = (amount: number) => ({ amount, ratePercent: 10, points: 2, termMonths: 12, ltv: 60, expiresOn: '2099-06-30' });
    const results = await Promise.allSettled([
      issueTermSheet(admin, l, terms(1_000_000)),
      issueTermSheet(admin, l, terms(1_100_000)),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
    const sheets = await db()
      .select({ status: termSheet.status, expiresOn: termSheet.expiresOn })
      .from(termSheet)
      .where(eq(termSheet.loanId, l.id));
    expect(sheets.map((s) => s.status).sort()).toEqual(['issued', 'superseded']);
    expect(sheets[0]!.expiresOn).toBe('2099-06-30');
    expect((await staffLoan(reference))!.stage).toBe('term_sheet');
  });
});

describe('profile amounts', () => {
  it('keeps a desired loan of $10,000,000,000 (beyond an integer) in whole dollars', async () => {
    const who = await newUser();
    const answers = borrowerPreferencesSchema.parse({
      propertyTypes: [],
      desiredLoanAmount: 10_000_000_000,
      estimatedPropertyValue: 9_500_000_000,
    });
    await updateBorrowerPreferences(who.id, answers);
    const [row] = await db()
      .select({ desired: profile.desiredLoanAmount, value: profile.estimatedPropertyValue })
      .from(profile)
      .where(eq(profile.userId, who.id));
    expect(row).toEqual({ desired: 10_000_000_000, value: 9_500_000_000 });
  });

  it('the database refuses a negative amount', async () => {
    const who = await newUser();
    for (const amounts of [{ desiredLoanAmount: -1 }, { estimatedPropertyValue: -500 }]) {
      const refused = await refusedWith(() => db().update(profile).set(amounts).where(eq(profile.userId, who.id)));
      expect(refused).toMatchObject({ code: '23514', constraint: 'profile_amounts_check' });
    }
  });
});

describe("a deal's loan", () => {
  it('must exist, funds at most one deal, and cannot be deleted under its deal', async () => {
    const refused = await refusedWith(() =>
      db()
        .insert(deal)
        .values({ ...dealValues(), loanId: randomUUID() }),
    );
    expect(refused).toMatchObject({ code: '23503', constraint: 'deal_loan_id_loan_id_fk' });

    const [l] = await db().insert(loan).values({ borrowerId: parents.userId }).returning({ id: loan.id });
    const [d] = await db()
      .insert(deal)
      .values({ ...dealValues(), loanId: l!.id })
      .returning({ id: deal.id, loanId: deal.loanId });
    expect(d!.loanId).toBe(l!.id);
    expect(
      await refusedWith(() =>
        db()
          .insert(deal)
          .values({ ...dealValues(), loanId: l!.id }),
      ),
    ).toMatchObject({ code: '23505', constraint: 'deal_loan_id_unique' });
    // ON DELETE RESTRICT: PostgreSQL 18 reports restrict_violation (23001), 15 a foreign key
    // violation (23503); either way the loan stays.
    const deleting = await refusedWith(() => db().delete(loan).where(eq(loan.id, l!.id)));
    expect(deleting).toMatchObject({ constraint: 'deal_loan_id_loan_id_fk' });
    expect(['23001', '23503']).toContain((deleting as { code: string }).code);
    // A deal without a loan is fine (the demo deals, deals entered before servicing).
    expect((await db().insert(deal).values(dealValues()).returning({ loanId: deal.loanId }))[0]!.loanId).toBeNull();
    await db().delete(deal).where(eq(deal.id, d!.id));
    await db().delete(loan).where(eq(loan.id, l!.id));
  });
});

describe('calendar days', () => {
  it.each([
    ['2026-02-28', true],
    ['2028-02-29', true],
    ['2026-12-31', true],
    ['2026-02-29', false],
    ['2026-02-30', false],
    ['2026-04-31', false],
    ['2026-13-01', false],
    ['2026-00-10', false],
    ['2026-01-00', false],
    ['0000-01-01', false],
    ['2026-1-01', false],
    [' 2026-01-01', false],
    ['2026-01-01T00:00', false],
  ])('%s is a calendar day: %s', (day, ok) => expect(isCalendarDay(day)).toBe(ok));

  it('the forms that write a day column refuse an impossible day instead of failing in the database', () => {
    const today = '2026-01-10';
    const sheet = termSheetSchema(today).safeParse({
      amount: 1000,
      ratePercent: 10,
      points: 1,
      termMonths: 12,
      ltv: 50,
      expiresOn: '2026-02-30',
    });
    expect(sheet.success).toBe(false);
    const step = borrowerStepSchema(today).safeParse({
      entityType: 'llc',
      projectsLast36Months: 1,
      targetClosingDate: '2026-04-31',
    });
    expect(step.error?.issues.map((i) => i.message)).toContain('Please enter a date');
    expect(expiryRefusal('2027-02-29', today)).toBe('Choose the day the accreditation expires.');
  });
});

describe('migration 0010', () => {
  it('keeps the days, amounts and term sheets it converts', async () => {
    const loanA = randomUUID();
    const loanB = randomUUID();
    const [older, newer, answered] = [randomUUID(), randomUUID(), randomUUID()];
    const seed = [
      `insert into "user" (id, name, email, email_verified) values ('u-old', 'Old Borrower', 'old@example.com', true)`,
      `insert into profile (user_id, is_borrower, desired_loan_amount, estimated_property_value) values ('u-old', true, 2000000000, 0)`,
      `insert into loan (id, borrower_id, target_closing_date) values ('${loanA}', 'u-old', '2026-07-15'), ('${loanB}', 'u-old', '2026-02-30')`,
      `insert into term_sheet (id, loan_id, amount, rate_percent, points, term_months, ltv, expires_on, status, created_at) values
        ('${older}', '${loanA}', 900000, 10, 2, 12, 60, '2026-03-01', 'issued', now() - interval '1 day'),
        ('${newer}', '${loanA}', 950000, 10, 2, 12, 60, '2026-04-31', 'issued', now()),
        ('${answered}', '${loanB}', 800000, 10, 2, 12, 60, '2026-05-01', 'accepted', now())`,
      `insert into accreditation_record (investor_id, method, established_on, expires_on) values ('u-old', 'self_certified', '2025-06-01', '2026-06-01')`,
      `insert into deal (title, location, description, loan_amount, ltv, term_months, interest_rate, minimum_investment, amount_to_raise)
        values ('Old deal', 'Reno, NV', 'A deal.', 1000000, 60, 12, 10, 1000, 1000000)`,
    ];

    await migrateOldData(
      '0010',
      async (client) => {
        for (const statement of seed) await client.query(statement);
      },
      async (client) => {
        const q = async (statement: string) => (await client.query(statement)).rows;
        expect(await q(`select id, target_closing_date::text as day from loan order by day`)).toEqual([
          { id: loanB, day: '2026-02-28' },
          { id: loanA, day: '2026-07-15' },
        ]);
        expect(await q(`select id, status, expires_on::text as day from term_sheet order by created_at, id`)).toEqual(
          expect.arrayContaining([
            { id: older, status: 'superseded', day: '2026-03-01' },
            { id: newer, status: 'issued', day: '2026-04-30' },
            { id: answered, status: 'accepted', day: '2026-05-01' },
          ]),
        );
        expect(await q(`select established_on::text as since, expires_on::text as until from accreditation_record`)).toEqual([
          { since: '2025-06-01', until: '2026-06-01' },
        ]);
        expect(
          await q(`select desired_loan_amount::text as desired, estimated_property_value::text as value from profile`),
        ).toEqual([{ desired: '2000000000', value: '0' }]);
        expect(await q(`select loan_id from deal`)).toEqual([{ loan_id: null }]);
        const types = await q(`select table_name || '.' || column_name as col, data_type from information_schema.columns
          where (table_name, column_name) in (('loan', 'target_closing_date'), ('term_sheet', 'expires_on'), ('accreditation_record', 'established_on'),
            ('accreditation_record', 'expires_on'), ('profile', 'desired_loan_amount'), ('profile', 'estimated_property_value'))
          order by col`);
        expect(types).toEqual([
          { col: 'accreditation_record.established_on', data_type: 'date' },
          { col: 'accreditation_record.expires_on', data_type: 'date' },
          { col: 'loan.target_closing_date', data_type: 'date' },
          { col: 'profile.desired_loan_amount', data_type: 'bigint' },
          { col: 'profile.estimated_property_value', data_type: 'bigint' },
          { col: 'term_sheet.expires_on', data_type: 'date' },
        ]);
      },
    );
  });
});
