/**
 * Billing a funded loan (issue 24 "Monthly statements", "Reminders", "Scheduled work"): the
 * interest bill and the statement on each due day, the late charge after the grace days, and the
 * reminders by e-mail. The rules are app/lib/servicing/README.md's "Schedule and billing":
 *
 * - On each due day (schedule.ts `dueDays`) interest is billed in arrears for the period from the
 *   previous due day (or the funding day) to the due day (`billingPeriod`, ledger.ts
 *   `interestBill`): entry day = due day, `dueOn` = the due day. Suspense held that day is then
 *   applied to what is due (ledger.ts `suspenseApplied`, the payment order). The statement issued that day
 *   carries the figures of app/lib/servicing/statement.ts, computed from the ledger, and its PDF.
 * - On the day after the grace days (due day + grace days + 1), an installment still unpaid
 *   (schedule.ts `pastDueSince` ≤ due day) gets one `late-charge` entry (its `dueOn` the due day)
 *   of schedule.ts `installmentLateCharge` (the note's rule on the scheduled installment, never
 *   the balloon) and the 'payment late' e-mail. Payments pay installments before charges
 *   (ledger.ts `applyPayment`), so an unpaid charge never makes a later installment late.
 * - Reminders: the payment due in 5 days (the period's interest computed now, labelled expected),
 *   the maturity in 60, 30 and 15 days.
 *
 * Each function is given the transaction of a daily job's (job, day, loan) claim
 * (jobs/servicing.server.ts), locks the loan's closing record before any change of its money and
 * writes everything it causes (entries, the statement row, outbox e-mails, notifications) in it;
 * the unique indexes (one bill, one late charge and one statement per loan and due day) hold even
 * if two runs overlapped. Units: cents, the lender's days 'YYYY-MM-DD'.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { addDays } from '~/lib/servicing/day-count';
import { balancesOn, interestBill, periodInterest, suspenseApplied } from '~/lib/servicing/ledger';
import { billingPeriod, dueDays, lateChargeOwed, type ScheduleTerms } from '~/lib/servicing/schedule';
import {
  statementFigures,
  statementFileName,
  statementHref,
  type StatementFigures,
  type StatementSummary,
} from '~/lib/servicing/statement';
import { db, type Transaction, type Reader } from '../../db/client.server';
import { isUuid } from '../../db/query.server';
import { loan, loanStatement } from '../../db/schema';
import { logger } from '../../logger.server';
import { sweepOrphanFiles } from '../../orphan-files.server';
import { renderStatement } from '../../pdf/loan-statement.server';
import { storage } from '../../storage.server';
import { loanBound, propertyLine, tellBorrower, type Loan, type LoanId } from '../loans/loan.server';
import { preparedRead } from '../../db/prepared.server';
import {
  appendEntries,
  entryId,
  lateChargeRule,
  loanTerms,
  lockServicing,
  readEntries,
  scheduleTerms,
  servicingOf,
  type Servicing,
  type StoredEntry,
} from './ledger.server';

/** What `billDueDay` did on a day: nothing (not a due day), or the bill and the statement it made. */
export interface BillResult {
  /** The due day billed, or null when `day` is not one of the loan's due days (or the loan is not funded). */
  dueOn: string | null;
  /** The interest billed (cents), or null when the bill existed already. */
  billedCents: number | null;
  /** The statement issued, or null when it existed already (or nothing was due). */
  statementId: string | null;
}

/** A reminder `sendReminders` sent. */
export type Reminder = 'payment-due' | 'maturity-60' | 'maturity-30' | 'maturity-15';

/** The maturity reminders, in days before the maturity (issue 24 "Reminders"). */
export const MATURITY_REMINDER_DAYS = [60, 30, 15] as const;
/** Days before a due day the payment reminder goes. */
export const PAYMENT_REMINDER_DAYS = 5;

/** The funded loan `loanId` as `tellBorrower` takes it, or null once it is no longer Funded (paid off). */
async function fundedLoanRow(tx: Reader, loanId: string): Promise<Loan | null> {
  const [row] = await tx.select().from(loan).where(eq(loan.id, loanId));
  return row && row.stage === 'funded' ? row : null;
}

/**
 * Bills loan `loanId` for the installment due on `day` when `day` is one of its due days: the
 * interest bill (unless there is one for that due day) and the statement with its PDF (unless one
 * was issued), whose e-mail links to the loan page. The PDF is stored under
 * `statements/<loanId>/<dueOn>-<random>.pdf` before its row, and removed if the row is not written.
 * Returns what it did. Runs in `tx`, the daily job's claim.
 * @throws what storage or the database throw (the job leaves the day for its next run).
 */
export async function billDueDay(tx: Transaction, loanId: string, day: string): Promise<BillResult> {
  const none: BillResult = { dueOn: null, billedCents: null, statementId: null };
  // Most days are nobody's due day: decide that before taking the lock.
  const unlocked = await servicingOf(loanId, tx);
  if (!unlocked || !dueDays(await scheduleTerms(unlocked, tx)).includes(day)) return none;
  const s = await lockServicing(tx, loanId);
  const l = await fundedLoanRow(tx, loanId);
  if (!l) return none;
  const schedule = await scheduleTerms(s, tx);
  const terms = loanTerms(s);
  const entries = await readEntries(loanId, tx);
  let billedCents: number | null = null;
  if (!entries.some((e) => e.kind === 'interest-billed' && e.dueOn === day)) {
    const bill = interestBill(entries, terms, { id: entryId(), day, ...periodToBill(entries, schedule, day) });
    entries.push(...(await appendEntries(tx, s, [{ ...bill, dueOn: day }], null)));
    billedCents = bill.amountCents;
    // Money the borrower sent ahead pays the installment on its due day.
    const principalDueCents = day === schedule.maturityOn ? Math.max(0, balancesOn(entries, terms, day).principalCents) : 0;
    const applied = suspenseApplied(entries, terms, { id: entryId(), day, principalDueCents });
    if (applied) entries.push(...(await appendEntries(tx, s, [{ ...applied, dueOn: day }], null)));
  }
  const [issued] = await tx
    .select({ id: loanStatement.id })
    .from(loanStatement)
    .where(and(eq(loanStatement.loanId, loanId), eq(loanStatement.dueOn, day)));
  if (issued) return { dueOn: day, billedCents, statementId: null };

  const figures = statementFigures(entries, terms, schedule, {
    reference: l.reference ?? '',
    dueOn: day,
    lateCharge: lateChargeRule(s),
  });
  const statementId = await storeStatement(tx, l, figures);
  if (!statementId) return { dueOn: day, billedCents, statementId: null };
  await tellBorrower(
    tx,
    l,
    'loan-statement',
    {
      title: 'Your statement is ready',
      message: `The statement for ${l.reference}, due ${day}, is on the loan page.`,
    },
    {
      dueOn: day,
      periodFrom: figures.periodFrom,
      periodThrough: addDays(figures.periodTo, -1),
      amountDueCents: figures.amountDueCents,
      lateChargeCents: figures.lateChargeCents,
      lateChargeFrom: figures.lateChargeFrom,
    },
  );
  return { dueOn: day, billedCents, statementId };
}

/**
 * The period the bill due on `dueOn` covers: `billingPeriod`, starting later when interest was
 * already billed past its start (a maturity that an extension moved had its own bill), so no day
 * is billed twice.
 */
function periodToBill(entries: readonly StoredEntry[], schedule: ScheduleTerms, dueOn: string): { from: string; to: string } {
  const period = billingPeriod(schedule, dueOn);
  for (const e of entries) if (e.kind === 'interest-billed' && e.to <= dueOn && e.to > period.from) period.from = e.to;
  return period;
}

/** Renders and stores the PDF of `figures`, then its row; the file goes if the row does not. Returns the row's id, or null when another run issued it. */
async function storeStatement(tx: Transaction, l: Loan, figures: StatementFigures): Promise<string | null> {
  const pdf = await renderStatement(figures, propertyLine(l));
  // A random part: a run that loses the race must never remove the winner's file.
  const key = `statements/${l.id}/${figures.dueOn}-${randomBytes(8).toString('hex')}.pdf`;
  await storage().put(key, pdf, 'application/pdf');
  const remove = () =>
    storage()
      .delete(key)
      .catch((err: unknown) => logger.error({ err, key }, 'statement not recorded; its file could not be removed'));
  let row: { id: string } | undefined;
  try {
    [row] = await tx
      .insert(loanStatement)
      .values({
        loanId: l.id,
        dueOn: figures.dueOn,
        periodFrom: figures.periodFrom,
        periodTo: figures.periodTo,
        figures,
        amountDueCents: figures.amountDueCents,
        storageKey: key,
        fileSize: pdf.length,
      })
      .onConflictDoNothing()
      .returning({ id: loanStatement.id });
  } catch (error) {
    await remove();
    throw error;
  }
  if (!row) await remove();
  return row?.id ?? null;
}

/**
 * Charges loan `loanId` the late charges that fall due by `day`: for each installment whose
 * grace days ended before `day` (due day + grace days + 1 ≤ `day`), billed, without a late
 * charge, and still unpaid on the day after the grace days (`pastDueSince` ≤ due day), one
 * `late-charge` entry on that day of `lateChargeCents` (the boarded percent of the installment),
 * and the 'payment late' e-mail. On time, each installment is looked at once, on its own late
 * day; a later day also picks up one whose bill came late (a job catching up). Returns the
 * charges made (due day, cents).
 * @throws what the database throws (the unique index refuses a second charge for a due day).
 */
export async function chargeLateFees(
  tx: Transaction,
  loanId: string,
  day: string,
): Promise<{ dueOn: string; amountCents: number }[]> {
  // Decided first without the lock (most loans owe no late charge on most days), then again under it.
  const unlocked = await servicingOf(loanId, tx);
  if (!unlocked) return [];
  if (!lateChargesDue(unlocked, await scheduleTerms(unlocked, tx), await readEntries(loanId, tx), day).length) return [];
  const s = await lockServicing(tx, loanId);
  const l = await fundedLoanRow(tx, loanId);
  if (!l) return [];
  const schedule = await scheduleTerms(s, tx);
  const made: { dueOn: string; amountCents: number }[] = [];
  for (const { dueOn, lateDay, amountCents } of lateChargesDue(s, schedule, await readEntries(loanId, tx), day)) {
    const [entry] = await appendEntries(tx, s, [{ kind: 'late-charge', id: entryId(), day: lateDay, amountCents, dueOn }], null);
    made.push({ dueOn, amountCents });
    const after = entry!.after;
    await tellBorrower(
      tx,
      l,
      'loan-payment-late',
      {
        title: 'Payment late',
        message: `The payment due ${dueOn} on ${l.reference} is late; a late charge was added.`,
        type: 'warning',
      },
      {
        dueOn,
        lateChargeCents: amountCents,
        amountDueCents: Math.max(
          0,
          after.interestDueCents +
            after.feesDueCents +
            (dueOn === schedule.maturityOn ? Math.max(0, after.principalCents) : 0) -
            after.suspenseCents,
        ),
      },
    );
  }
  return made;
}

/**
 * The late charges owed by `day` on the ledger `entries` of the loan boarded as `s`: each billed
 * installment without a late charge whose late day (due day + grace days + 1) is on or before
 * `day` and which is still unpaid on that late day (`pastDueSince` ≤ due day), with
 * `lateChargeCents` of it (a late charge of 0, at 0 %, is left out). Pure.
 */
function lateChargesDue(
  s: Servicing,
  schedule: ScheduleTerms,
  entries: StoredEntry[],
  day: string,
): { dueOn: string; lateDay: string; amountCents: number }[] {
  const rule = lateChargeRule(s);
  const charged = new Set(entries.filter((e) => e.kind === 'late-charge').map((e) => e.dueOn));
  const billed = new Set(entries.filter((e) => e.kind === 'interest-billed').map((e) => e.dueOn));
  const due: { dueOn: string; lateDay: string; amountCents: number }[] = [];
  for (const dueOn of dueDays(schedule)) {
    const lateDay = addDays(dueOn, s.graceDays + 1);
    if (lateDay > day) break;
    if (charged.has(dueOn) || !billed.has(dueOn)) continue;
    const amountCents = lateChargeOwed(entries, schedule, rule, dueOn);
    if (amountCents > 0) due.push({ dueOn, lateDay, amountCents });
  }
  return due;
}

/**
 * Sends loan `loanId`'s reminders for `day`: the payment due in 5 days (the period's interest
 * computed now by `periodInterest` on the entries up to `day`, labelled expected, with what is
 * already due less suspense and the principal at maturity), and the maturity in 60, 30 or 15
 * days (the maturity in force). Each goes on one day only, and the daily job runs a (day, loan)
 * once, so each is sent once. A run catching up on `today` (after `day`) leaves out what is
 * stale by then: a payment reminder whose due day has passed (the statement has gone), a
 * maturity reminder a nearer one replaces. Returns the reminders sent.
 */
export async function sendReminders(tx: Transaction, loanId: string, day: string, today = day): Promise<Reminder[]> {
  const s = await servicingOf(loanId, tx);
  if (!s) return [];
  const schedule = await scheduleTerms(s, tx);
  const dueOn = addDays(day, PAYMENT_REMINDER_DAYS);
  const paymentDue = dueDays(schedule).includes(dueOn) && dueOn >= today;
  const maturity = MATURITY_REMINDER_DAYS.find(
    (n) =>
      addDays(day, n) === schedule.maturityOn &&
      !MATURITY_REMINDER_DAYS.some((m) => m < n && addDays(schedule.maturityOn, -m) <= today),
  );
  if (!paymentDue && !maturity) return [];
  const l = await fundedLoanRow(tx, loanId);
  if (!l) return [];
  const terms = loanTerms(s);
  const entries = (await readEntries(loanId, tx)).filter((e) => e.day <= day);
  const b = balancesOn(entries, terms, day);
  const sent: Reminder[] = [];
  if (paymentDue) {
    const expectedInterestCents = periodInterest(entries, terms, periodToBill(entries, schedule, dueOn));
    const principalDueCents = dueOn === schedule.maturityOn ? Math.max(0, b.principalCents) : 0;
    await tellBorrower(
      tx,
      l,
      'loan-payment-due',
      { title: 'Payment due soon', message: `The payment on ${l.reference} is due ${dueOn}.` },
      {
        dueOn,
        expectedInterestCents,
        pastDueCents: b.interestDueCents + b.feesDueCents,
        suspenseCents: b.suspenseCents,
        principalDueCents,
        expectedCents: Math.max(
          0,
          expectedInterestCents + b.interestDueCents + b.feesDueCents + principalDueCents - b.suspenseCents,
        ),
      },
    );
    sent.push('payment-due');
  }
  if (maturity) {
    await tellBorrower(
      tx,
      l,
      'loan-maturity',
      { title: 'Your loan matures soon', message: `${l.reference} matures on ${schedule.maturityOn}.` },
      { maturityOn: schedule.maturityOn, days: maturity, principalCents: b.principalCents },
    );
    sent.push(`maturity-${maturity}`);
  }
  return sent;
}

const statementsOf = preparedRead('loan_statements', (r, id) =>
  r
    .select({
      id: loanStatement.id,
      dueOn: loanStatement.dueOn,
      periodFrom: loanStatement.periodFrom,
      periodTo: loanStatement.periodTo,
      amountDueCents: loanStatement.amountDueCents,
    })
    .from(loanStatement)
    .where(eq(loanStatement.loanId, id))
    .orderBy(desc(loanStatement.dueOn)),
);

/**
 * The statements of loan `loanId` (an id, or a `LoanRead`'s bound SQL), newest first, as the loan
 * pages list them (period, due day, amount due, the PDF's address). The caller found the loan
 * for its viewer (`borrowerLoan` or `staffLoan`); its `reference` makes the PDF's address (read
 * here when not given).
 */
export async function statementsOfLoan(loanId: string, reference?: string): Promise<StatementSummary[]>;
export async function statementsOfLoan(loanId: LoanId, reference: string): Promise<StatementSummary[]>;
export async function statementsOfLoan(loanId: LoanId, reference?: string): Promise<StatementSummary[]> {
  if (reference === undefined && typeof loanId === 'string') {
    const [row] = await db().select({ reference: loan.reference }).from(loan).where(eq(loan.id, loanId));
    reference = row?.reference ?? loanId;
  }
  const rows = await statementsOf(loanBound(loanId));
  return rows.map((r) => ({ ...r, href: statementHref(reference!, r.id) }));
}

/** A statement's stored figures (cents), oldest first: what the tests and the bench compare with the ledger. */
export async function statementRows(loanId: string) {
  return db().select().from(loanStatement).where(eq(loanStatement.loanId, loanId)).orderBy(asc(loanStatement.dueOn));
}

/**
 * The file of statement `statementId` of loan `l` (found for its viewer by `borrowerLoan` or
 * `staffLoan`): its storage key and the name it downloads as; null for a bad id or another
 * loan's statement (the route answers 404).
 */
export async function statementFile(
  l: Pick<Loan, 'id' | 'reference'>,
  statementId: string,
): Promise<{ storageKey: string; fileName: string; dueOn: string } | null> {
  if (!isUuid(statementId)) return null;
  const [row] = await db()
    .select({ storageKey: loanStatement.storageKey, dueOn: loanStatement.dueOn })
    .from(loanStatement)
    .where(and(eq(loanStatement.id, statementId), eq(loanStatement.loanId, l.id)));
  return row ? { ...row, fileName: statementFileName(l.reference ?? l.id, row.dueOn) } : null;
}

/**
 * Removes stored statement PDFs without a row that are older than `olderThanMs` (a day by
 * default): the file of a statement whose transaction failed after the file was written (the
 * job retries with a new file), through `sweepOrphanFiles`.
 * Hourly housekeeping (jobs/housekeeping.server.ts). Returns how many were removed.
 */
export function sweepOrphanStatements(olderThanMs?: number, now?: Date): Promise<number> {
  return sweepOrphanFiles({
    prefix: 'statements/',
    keyPattern: /^statements\/[\w-]+\/[\w-]+\.pdf(\.\d+\.part)?$/,
    named: async (tx, keys) =>
      new Set(
        (
          await tx.select({ key: loanStatement.storageKey }).from(loanStatement).where(inArray(loanStatement.storageKey, keys))
        ).map((r) => r.key),
      ),
    olderThanMs,
    now,
  });
}
