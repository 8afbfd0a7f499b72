/**
 * Billing a funded loan (issue 24 "Monthly statements", "Reminders", "Scheduled work";
 * app/lib/servicing/README.md "Schedule and billing"), through the servicing's daily jobs as the
 * queue runs them (`runDaily` with a chosen moment, each test giving the jobs' own keys and
 * handlers names of its own so the days it runs are its own):
 * - a month computed by hand (docs/servicing-golden-figures.md "Statements", S1–S14) billed by the
 *   job: the statement's figures equal the ledger's and the hand's, and its PDF's text holds them;
 * - the late charge comes once, on the lender's day after the grace days, not before, across the
 *   November daylight-saving change, and a job catching up three weeks charges it once;
 * - reminders: the payment due 5 days ahead and the maturity at 60, 30 and 15 days, once each;
 * - preferences: notify_email off means no e-mail, but the notification;
 * - the statement's PDF downloads for its borrower and staff; another borrower, an investor, an
 *   anonymous visitor, another loan's statement and a bad id get 404.
 */
import { and, asc, eq } from 'drizzle-orm';
import { extractText } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { requestContext } from '~/load-context';
import { addDays } from '~/lib/servicing/day-count';
import { payment } from '~/lib/servicing/ledger';
import { statementFigures, type StatementFigures } from '~/lib/servicing/statement';
import { loader as statementLoader } from '~/routes/resources/loan-statement';
import { db } from '~/server/db/client.server';
import { extensionRequest, ledgerEntry, loanStatement, notification, outboxEmail, profile } from '~/server/db/schema';
import type { LoanActor } from '~/server/domain/loans/loan.server';
import { billDueDay, statementFile, statementsOfLoan, sweepOrphanStatements } from '~/server/domain/servicing/billing.server';
import {
  appendEntries,
  entryId,
  loanTerms,
  lockServicing,
  readEntries,
  scheduleTerms,
  servicingOf,
  lateChargeRule,
} from '~/server/domain/servicing/ledger.server';
import { defineDaily, registeredDailyJobs, runDaily, type DailyJobOptions } from '~/server/jobs/daily.server';
import { startJobs } from '~/server/jobs/queue.server';
import { BILLING, LATE_CHARGES, REMINDERS, runStatementDay } from '~/server/jobs/servicing.server';
import { statementFacts } from '~/server/pdf/loan-statement.server';
import { storage } from '~/server/storage.server';
import { closing, fundedLoan, newPerson } from '../support/servicing';
import { signedInThroughLogin } from '../support/route-accounts';
import { useTestDatabase } from '../support/test-database';

const database = useTestDatabase();
let admin: LoanActor;
beforeAll(async () => {
  admin = await newPerson('admin');
});

/**
 * Loan S (docs/servicing-golden-figures.md "Statements"): note $600,000, $450,000 disbursed at
 * closing on 2026-10-05 and a $150,000 holdback; 10.5 % a year, Actual/360 on the disbursed
 * balance; first payment 2026-11-01, maturity 2027-04-01; late charge 5 % after 10 grace days.
 *
 * By hand:
 * S1  bill due 11-01, 10-05 → 11-01, 27 days: 45,000,000 × 27 × 10.5 ÷ 36,000 = 354,375 exactly
 * S2  statement 11-01, per diem: 45,000,000 × 10.5 ÷ 36,000 = 13,125
 * S3  statement 11-01, amount due: 354,375 (no fees, no suspense)
 * S4  statement 11-01, late charge if unpaid after 11-11: 5 % × 354,375 = 17,718.75 → 17,719
 * S5  reminder 10-27 for 11-01, expected interest: as S1, 354,375
 * S6  late charge charged 11-12 (unpaid at the end of 11-11): 17,719; none on 11-11
 * S7  draw $50,000 funded 11-16; payment 372,094 on 11-20 = 17,719 fees + 354,375 interest
 * S8  bill due 12-01, 11-01 → 12-01 (30 days): 45,000,000 × 30 + 5,000,000 × 15 (11-16 → 12-01)
 *     = 1,425,000,000 cent-days × 10.5 ÷ 36,000 = 415,625 exactly
 * S9  reminder 11-26 for 12-01, expected interest (the draw counted from its day): 415,625
 * S10 statement 12-01: principal 45,000,000 + 5,000,000 = 50,000,000
 * S11 statement 12-01: holdback remaining 15,000,000 − 5,000,000 = 10,000,000
 * S12 statement 12-01: interest due 415,625, fees due 0, suspense 0: amount due 415,625
 * S13 statement 12-01: per diem 50,000,000 × 10.5 ÷ 36,000 = 14,583.33… → 14,583
 * S14 statement 12-01: late charge 5 % × 415,625 = 20,781.25 → 20,781, from 12-12
 * The statement of 12-01 lists the entries since 11-01: the late charge (11-12), the draw (11-16),
 * the payment (11-20) and the bill (12-01).
 */
const LOAN_S = closing({
  fundedOn: '2026-10-05',
  noteAmountCents: 60_000_000,
  holdbackCents: 15_000_000,
  lines: [{ description: 'Rehab budget', budgetCents: 15_000_000 }],
  ratePercent: 10.5,
  interestMethod: 'actual/360',
  accrual: 'disbursed',
  termMonths: 6,
  firstPaymentOn: '2026-11-01',
  maturityOn: '2027-04-01',
  lateChargePercent: 5,
  graceDays: 10,
});

const doc = await readFile(new URL('../../docs/servicing-golden-figures.md', import.meta.url), 'utf8');
/** The statements table's rows: `| S1 | figure | arithmetic | cents |`. */
const golden = new Map([...doc.matchAll(/^\|\s*(S\d+)\s*\|[^|]*\|[^|]*\|\s*(\d+)\s*\|$/gm)].map((m) => [m[1]!, Number(m[2])]));
const S = (id: string) => {
  const v = golden.get(id);
  if (v === undefined) throw new Error(`docs/servicing-golden-figures.md has no row ${id}`);
  return v;
};

let jobs = 0;
/** The three servicing jobs under names of this test's own (the same keys and handlers). */
function servicingJobs() {
  const n = ++jobs;
  const make = (name: string, options: DailyJobOptions) => defineDaily(`${name}-${n}`, options);
  const billing = make('billing', BILLING);
  const late = make('late', LATE_CHARGES);
  const reminders = make('reminders', REMINDERS);
  const run = (job: typeof billing, iso: string) => runDaily(database.current().db, job, new Date(iso));
  return {
    /** Runs billing, late charges and reminders at the moment `iso`, in that order. */
    async at(iso: string) {
      await run(billing, iso);
      await run(late, iso);
      await run(reminders, iso);
    },
    billing: (iso: string) => run(billing, iso),
    late: (iso: string) => run(late, iso),
    reminders: (iso: string) => run(reminders, iso),
  };
}

/** The lender's noon of `day` (20:00 UTC is noon in PST and 13:00 in PDT). */
const noon = (day: string) => `${day}T20:00:00Z`;

async function entriesOf(loanId: string, kind: string) {
  return db()
    .select()
    .from(ledgerEntry)
    .where(and(eq(ledgerEntry.loanId, loanId), eq(ledgerEntry.kind, kind as never)))
    .orderBy(asc(ledgerEntry.seq));
}

async function mails(to: string, template?: string) {
  const rows = await db().select().from(outboxEmail).where(eq(outboxEmail.to, to)).orderBy(asc(outboxEmail.createdAt));
  return rows.filter((r) => !template || r.template === template);
}

/** The figures recomputed from the ledger now, as the statement of `dueOn` shows them. */
async function ledgerFigures(loanId: string, reference: string, dueOn: string): Promise<StatementFigures> {
  const s = (await servicingOf(loanId))!;
  return statementFigures(await readEntries(loanId), loanTerms(s), await scheduleTerms(s), {
    reference,
    dueOn,
    lateCharge: lateChargeRule(s),
  });
}

async function pdfText(key: string): Promise<string> {
  const object = (await storage().get(key))!;
  const chunks: Buffer[] = [];
  for await (const chunk of object.stream) chunks.push(chunk as Buffer);
  const { text } = await extractText(new Uint8Array(Buffer.concat(chunks)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

/** Appends entries to loan `loanId` as staff would (the lock, then `appendEntries`). */
async function record(
  loanId: string,
  make: (entries: Awaited<ReturnType<typeof readEntries>>) => Parameters<typeof appendEntries>[2],
) {
  await db().transaction(async (tx) => {
    const s = await lockServicing(tx, loanId);
    await appendEntries(tx, s, make(await readEntries(loanId, tx)), admin);
  });
}

describe('the monthly statement, billed by the job', () => {
  it('bills a hand-computed month: the statement equals the ledger and the hand, its PDF holds the figures, the late charge comes once after the grace days', async () => {
    const { loan: l, borrower } = await fundedLoan(admin, LOAN_S);
    const run = servicingJobs();
    await run.at(noon('2026-10-26'));
    // 00:30 on 1 November in Los Angeles (still PDT): the due day; nothing billed before it.
    await run.at('2026-10-31T20:00:00Z');
    expect(await entriesOf(l.id, 'interest-billed')).toEqual([]);
    await run.at('2026-11-01T07:30:00Z');

    const [bill] = await entriesOf(l.id, 'interest-billed');
    expect(bill).toMatchObject({ day: '2026-11-01', dueOn: '2026-11-01', periodFrom: '2026-10-05', periodTo: '2026-11-01' });
    expect(bill!.amountCents).toBe(S('S1'));

    const [first] = await db().select().from(loanStatement).where(eq(loanStatement.loanId, l.id));
    const figures = first!.figures as StatementFigures;
    expect(figures).toEqual(await ledgerFigures(l.id, l.reference!, '2026-11-01'));
    expect(figures).toMatchObject({
      interestBilledCents: S('S1'),
      principalCents: 45_000_000,
      holdbackCents: 15_000_000,
      interestDueCents: S('S1'),
      feesDueCents: 0,
      suspenseCents: 0,
      perDiemCents: S('S2'),
      amountDueCents: S('S3'),
      lateChargeCents: S('S4'),
      lateChargeFrom: '2026-11-12',
    });
    expect(first!.amountDueCents).toBe(S('S3'));
    const text = await pdfText(first!.storageKey);
    for (const [label, value] of statementFacts(figures)) expect(text, label).toContain(value);
    expect(text).toContain('Amount due $3,543.75');
    expect(text).toContain('Late charge if unpaid after Nov 11, 2026 $177.19');
    expect(text).toContain('Interest period Oct 5, 2026 – Oct 31, 2026');

    // The e-mails so far: the payment reminder on 10-27 (expected) and the statement, once each.
    const due = await mails(borrower.email!, 'loan-payment-due');
    expect(due.map((m) => m.payload)).toMatchObject([{ dueOn: '2026-11-01', expectedInterestCents: S('S5') }]);
    const statementMails = await mails(borrower.email!, 'loan-statement');
    expect(statementMails.map((m) => m.payload)).toMatchObject([{ dueOn: '2026-11-01', amountDueCents: S('S3') }]);
    expect(JSON.stringify(statementMails[0]!.payload)).toContain(`/dashboard/loans/${l.reference}"`);

    // The grace days end with 11 November. At 23:30 PST on the 11th (after the clocks went back on
    // the 1st: 07:30 UTC would already be the 12th in PDT) no charge; at the lender's midnight, one.
    await run.late('2026-11-12T07:30:00Z');
    expect(await entriesOf(l.id, 'late-charge')).toEqual([]);
    await run.late('2026-11-12T08:00:00Z');
    await run.late(noon('2026-11-13'));
    const charges = await entriesOf(l.id, 'late-charge');
    expect(charges.map((c) => [c.day, c.dueOn, c.amountCents])).toEqual([['2026-11-12', '2026-11-01', S('S6')]]);
    expect((await mails(borrower.email!, 'loan-payment-late')).map((m) => m.payload)).toMatchObject([
      { dueOn: '2026-11-01', lateChargeCents: S('S6') },
    ]);

    // A draw mid-period and the payment of the late charge and the interest (S7).
    await record(l.id, () => [{ kind: 'draw-disbursement', id: entryId(), day: '2026-11-16', amountCents: 5_000_000 }]);
    const s = (await servicingOf(l.id))!;
    await record(l.id, (entries) => [
      {
        ...payment(entries, loanTerms(s), {
          id: entryId(),
          day: '2026-11-20',
          amountCents: S('S7'),
          overpayment: 'principal',
        }),
        method: 'wire',
      },
    ]);
    await run.at(noon('2026-12-01'));

    const bills = await entriesOf(l.id, 'interest-billed');
    expect(bills.map((b) => [b.dueOn, b.periodFrom, b.periodTo, b.amountCents])).toEqual([
      ['2026-11-01', '2026-10-05', '2026-11-01', S('S1')],
      ['2026-12-01', '2026-11-01', '2026-12-01', S('S8')],
    ]);
    const statements = await db()
      .select()
      .from(loanStatement)
      .where(eq(loanStatement.loanId, l.id))
      .orderBy(asc(loanStatement.dueOn));
    expect(statements.map((r) => r.dueOn)).toEqual(['2026-11-01', '2026-12-01']);
    const december = statements[1]!.figures as StatementFigures;
    expect(december).toEqual(await ledgerFigures(l.id, l.reference!, '2026-12-01'));
    expect(december).toMatchObject({
      periodFrom: '2026-11-01',
      periodTo: '2026-12-01',
      interestBilledCents: S('S8'),
      principalCents: S('S10'),
      holdbackCents: S('S11'),
      interestDueCents: S('S12'),
      feesDueCents: 0,
      amountDueCents: S('S12'),
      perDiemCents: S('S13'),
      lateChargeCents: S('S14'),
      lateChargeFrom: '2026-12-12',
    });
    expect(december.activity.map((a) => [a.day, a.kind, a.amountCents])).toEqual([
      ['2026-11-12', 'late-charge', S('S6')],
      ['2026-11-16', 'draw-disbursement', 5_000_000],
      ['2026-11-20', 'payment', S('S7')],
      ['2026-12-01', 'interest-billed', S('S8')],
    ]);
    const decemberText = await pdfText(statements[1]!.storageKey);
    for (const [label, value] of statementFacts(december)) expect(decemberText, label).toContain(value);
    expect((await mails(borrower.email!, 'loan-payment-due')).map((m) => m.payload)).toMatchObject([
      { dueOn: '2026-11-01', expectedInterestCents: S('S5') },
      { dueOn: '2026-12-01', expectedInterestCents: S('S9') },
    ]);
    // Still one late charge: November's was paid and December's grace days have not ended.
    expect(await entriesOf(l.id, 'late-charge')).toHaveLength(1);

    // The list the loan pages show: newest first, with the PDF's address.
    const list = await statementsOfLoan(l.id, l.reference!);
    expect(list.map((r) => [r.dueOn, r.amountDueCents])).toEqual([
      ['2026-12-01', S('S12')],
      ['2026-11-01', S('S3')],
    ]);
    expect(list[0]!.href).toBe(`/dashboard/loans/${l.reference}/statements/${statements[1]!.id}`);
    expect(await statementsOfLoan(l.id)).toEqual(list);
  }, 90_000);

  it('catches up a job down for three weeks: the bill, the statement and the late charge once each, whichever job runs first', async () => {
    const { loan: a } = await fundedLoan(admin, LOAN_S);
    const { loan: b } = await fundedLoan(admin, LOAN_S);
    const run = servicingJobs();
    await run.at(noon('2026-10-30'));
    // Down from 10-31 to 11-21. The late-charge job comes back first: it has no bill to charge yet.
    expect((await run.late(noon('2026-11-21'))).days).toHaveLength(22);
    expect(await entriesOf(a.id, 'late-charge')).toEqual([]);
    expect((await run.billing(noon('2026-11-21'))).days).toHaveLength(22);
    // The next day's run finds November's installment unpaid on its late day, 11-12, and charges it once.
    await run.at(noon('2026-11-22'));
    await run.at(noon('2026-11-22'));
    for (const l of [a, b]) {
      expect((await entriesOf(l.id, 'interest-billed')).map((e) => [e.dueOn, e.amountCents])).toEqual([['2026-11-01', S('S1')]]);
      expect((await entriesOf(l.id, 'late-charge')).map((e) => [e.day, e.dueOn, e.amountCents])).toEqual([
        ['2026-11-12', '2026-11-01', S('S6')],
      ]);
      expect(await db().select().from(loanStatement).where(eq(loanStatement.loanId, l.id))).toHaveLength(1);
    }
  }, 90_000);

  it('catches up with billing first: the late charge on its own late day, once', async () => {
    const { loan: l } = await fundedLoan(admin, LOAN_S);
    const run = servicingJobs();
    await run.at(noon('2026-10-30'));
    await run.at(noon('2026-11-21'));
    await run.at(noon('2026-11-21'));
    expect((await entriesOf(l.id, 'late-charge')).map((e) => [e.day, e.dueOn, e.amountCents])).toEqual([
      ['2026-11-12', '2026-11-01', S('S6')],
    ]);
    expect(await entriesOf(l.id, 'interest-billed')).toHaveLength(1);
  }, 90_000);
});

describe('an extended maturity', () => {
  it('bills the month after the old maturity from the day its bill ended, so no day is billed twice', async () => {
    const { loan: l } = await fundedLoan(admin, { ...LOAN_S, maturityOn: '2027-01-15', termMonths: 3 });
    await db().transaction((tx) => billDueDay(tx, l.id, '2027-01-15'));
    await db().insert(extensionRequest).values({
      loanId: l.id,
      months: 3,
      fromMaturityOn: '2027-01-15',
      newMaturityOn: '2027-04-15',
      feeCents: 450_000,
      status: 'approved',
    });
    const done = await db().transaction((tx) => billDueDay(tx, l.id, '2027-02-01'));
    const bills = await entriesOf(l.id, 'interest-billed');
    expect(bills.map((b) => [b.dueOn, b.periodFrom, b.periodTo])).toEqual([
      ['2027-01-15', '2027-01-01', '2027-01-15'],
      ['2027-02-01', '2027-01-15', '2027-02-01'],
    ]);
    // 45,000,000 × 17 days (Actual) × 10.5 ÷ 36,000 = 223,125.
    expect(done.billedCents).toBe(223_125);
    const [row] = await db().select().from(loanStatement).where(eq(loanStatement.id, done.statementId!));
    expect(row).toMatchObject({ periodFrom: '2027-01-15', periodTo: '2027-02-01' });
  });
});

describe('the server’s queue', () => {
  it('runs the three servicing jobs (and investor returns’ loan updates): the module that starts the queue declares them', () => {
    expect(typeof startJobs).toBe('function');
    expect(registeredDailyJobs().map((j) => [j.name, j.cron])).toEqual([
      ['servicing-billing', '5 0 * * *'],
      ['servicing-late-charges', '5 0 * * *'],
      ['servicing-reminders', '5 0 * * *'],
      ['returns-loan-updates', '5 0 * * *'],
    ]);
  });
});

describe('the statement run of one day (the benchmark’s)', () => {
  it('bills every funded loan due that day through the job’s claim, once', async () => {
    const { loan: a } = await fundedLoan(admin, { ...LOAN_S, firstPaymentOn: '2026-11-07' });
    const { loan: b } = await fundedLoan(admin, { ...LOAN_S, firstPaymentOn: '2026-11-07' });
    const first = await runStatementDay('2026-11-07', { concurrency: 3 });
    expect(first.done).toBe(first.loans);
    for (const l of [a, b]) expect(await statementsOfLoan(l.id, l.reference!)).toHaveLength(1);
    expect(await runStatementDay('2026-11-07', { concurrency: 3 })).toMatchObject({ done: 0, loans: first.loans });
  });
});

describe('reminders', () => {
  it('sends the payment due 5 days ahead and the maturity at 60, 30 and 15 days, once each', async () => {
    // Due days 11-01, 12-01, 01-01 and the maturity 2027-01-15.
    const { borrower } = await fundedLoan(admin, { ...LOAN_S, maturityOn: '2027-01-15', termMonths: 3 });
    const run = servicingJobs();
    // The queue's runs at noon each day, and one more on the last day.
    for (let day = '2026-10-25'; day <= '2027-01-15'; day = addDays(day, 1)) await run.reminders(noon(day));
    await run.reminders(noon('2027-01-15'));
    const maturity = await mails(borrower.email!, 'loan-maturity');
    expect(maturity.map((m) => [m.payload.days, m.payload.maturityOn])).toEqual([
      [60, '2027-01-15'],
      [30, '2027-01-15'],
      [15, '2027-01-15'],
    ]);
    const due = await mails(borrower.email!, 'loan-payment-due');
    expect(due.map((m) => m.payload.dueOn)).toEqual(['2026-11-01', '2026-12-01', '2027-01-01', '2027-01-15']);
    // At maturity the expected amount includes the principal (the balloon).
    expect(due[3]!.payload).toMatchObject({ principalDueCents: 45_000_000 });
    const notes = await db().select().from(notification).where(eq(notification.userId, borrower.id));
    expect(notes.filter((n) => n.title === 'Your loan matures soon')).toHaveLength(3);
    expect(notes.filter((n) => n.title === 'Payment due soon')).toHaveLength(4);
  }, 120_000);

  it('catching up after downtime, leaves out the reminders that are stale by then', async () => {
    const { borrower } = await fundedLoan(admin, { ...LOAN_S, maturityOn: '2027-01-15', termMonths: 3 });
    const run = servicingJobs();
    await run.reminders(noon('2026-10-25'));
    // Down until 2027-01-12: the payments due 11-01, 12-01 and 01-01 have passed, the 60- and
    // 30-day maturity reminders are replaced by the 15-day one (12-31).
    await run.reminders(noon('2027-01-12'));
    expect((await mails(borrower.email!, 'loan-payment-due')).map((m) => m.payload.dueOn)).toEqual(['2027-01-15']);
    expect((await mails(borrower.email!, 'loan-maturity')).map((m) => m.payload.days)).toEqual([15]);
  }, 120_000);

  it('honours the borrower’s preference: no e-mail without notify_email, but the notification', async () => {
    const { loan: l, borrower } = await fundedLoan(admin, LOAN_S);
    await db().update(profile).set({ notifyEmail: false }).where(eq(profile.userId, borrower.id));
    const done = await db().transaction((tx) => billDueDay(tx, l.id, '2026-11-01'));
    expect(done).toMatchObject({ dueOn: '2026-11-01', billedCents: S('S1') });
    expect(done.statementId).toEqual(expect.any(String));
    // Billing again that day adds nothing; a day that is not a due day bills nothing.
    expect(await db().transaction((tx) => billDueDay(tx, l.id, '2026-11-01'))).toEqual({
      dueOn: '2026-11-01',
      billedCents: null,
      statementId: null,
    });
    expect(await db().transaction((tx) => billDueDay(tx, l.id, '2026-11-02'))).toEqual({
      dueOn: null,
      billedCents: null,
      statementId: null,
    });
    // (The e-mail of the boarding went before the preference changed.)
    expect((await mails(borrower.email!)).map((m) => m.template)).toEqual(['loan-stage-changed']);
    const notes = await db().select().from(notification).where(eq(notification.userId, borrower.id));
    expect(notes.filter((n) => n.title === 'Your statement is ready')).toHaveLength(1);
  });
});

describe('files before rows', () => {
  it('the hourly sweep removes a statement PDF without a row once a day old, never a statement’s', async () => {
    const { loan: l } = await fundedLoan(admin, LOAN_S);
    const { statementId } = await db().transaction((tx) => billDueDay(tx, l.id, '2026-11-01'));
    const [kept] = await db().select().from(loanStatement).where(eq(loanStatement.id, statementId!));
    const orphan = `statements/${l.id}/2026-12-01-0123456789abcdef.pdf`;
    await storage().put(orphan, Buffer.from('%PDF-1.3 left by a failed run'), 'application/pdf');
    expect(await sweepOrphanStatements()).toBe(0); // not a day old yet
    const tomorrow = new Date(Date.now() + 25 * 60 * 60 * 1000);
    expect(await sweepOrphanStatements(undefined, tomorrow)).toBe(1);
    expect(await storage().get(orphan)).toBeNull();
    expect(await storage().get(kept!.storageKey)).not.toBeNull();
  });
});

describe('the statement download', () => {
  const ORIGIN = 'http://localhost:3000';
  let requests = 0;
  async function download(reference: string, id: string, cookie: string): Promise<Response> {
    const request = new Request(`${ORIGIN}/dashboard/loans/${reference}/statements/${id}`, {
      headers: cookie ? { Cookie: cookie } : {},
    });
    const context = requestContext({ clientIp: '192.0.2.10', cspNonce: '', requestId: `statement-${++requests}` });
    try {
      return (await statementLoader({ request, params: { reference, id }, context } as never)) as Response;
    } catch (thrown) {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    }
  }

  it('serves the PDF to the loan’s borrower and staff only; anyone else, another loan’s statement and a bad id get 404', async () => {
    const owner = await signedInThroughLogin({ isBorrower: true });
    const other = await signedInThroughLogin({ isBorrower: true });
    const investor = await signedInThroughLogin({ isInvestor: true });
    const staff = await signedInThroughLogin({ isAdmin: true }, { twoFactor: true });
    const adminWithout2fa = await signedInThroughLogin({ isAdmin: true });
    const { loan: l } = await fundedLoan(admin, LOAN_S, { borrower: { id: owner.id, name: 'Route Tester', email: owner.email } });
    const { loan: theirs } = await fundedLoan(admin, LOAN_S, {
      borrower: { id: other.id, name: 'Route Tester', email: other.email },
    });
    const { statementId } = await db().transaction((tx) => billDueDay(tx, l.id, '2026-11-01'));
    const { statementId: theirId } = await db().transaction((tx) => billDueDay(tx, theirs.id, '2026-11-01'));

    for (const cookie of [owner.cookie, staff.cookie]) {
      const res = await download(l.reference!, statementId!, cookie);
      expect(res.status).toBe(200);
      expect(res.headers.get('Content-Type')).toBe('application/pdf');
      expect(res.headers.get('Cache-Control')).toBe('private, no-store');
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect(Buffer.from(bytes.slice(0, 5)).toString()).toBe('%PDF-');
    }
    for (const [who, cookie] of [
      ['another borrower', other.cookie],
      ['an investor', investor.cookie],
      ['an admin without a second factor', adminWithout2fa.cookie],
      ['anonymous', ''],
    ] as const) {
      expect((await download(l.reference!, statementId!, cookie)).status, who).toBe(404);
    }
    // Another loan's statement through one's own loan, a bad id, an unknown id, a bad reference.
    expect((await download(l.reference!, theirId!, owner.cookie)).status).toBe(404);
    expect((await download(l.reference!, 'not-a-uuid', owner.cookie)).status).toBe(404);
    expect((await download(l.reference!, '6f1c1c52-4b7b-4d53-9b8e-0a6f1c1c5242', owner.cookie)).status).toBe(404);
    expect((await download('OL-2026-00000', statementId!, staff.cookie)).status).toBe(404);
    expect(await statementFile(theirs, statementId!)).toBeNull();
  });
});
