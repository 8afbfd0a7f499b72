/**
 * Distribution runs (issue 25 "Distribution runs"; the rules in app/lib/returns/README.md "Runs"):
 * staff open a run for a period (one open or approved run at a time: the partial unique index
 * distribution_run_unpaid_idx), preview it (run-preview.server.ts, nothing stored), approve it
 * (the lines and each investor's payment written once, in one transaction under the run's row
 * lock, only when the figures are those staff saw: approving twice pays once) and mark it paid
 * with the bank's day and reference, which tells each investor (portal notice and e-mail, their
 * e-mail preference honoured) with a link to their statement. Every step is audited.
 * Reads: the runs, one run's figures, one investor's statement of a run.
 *
 * Units: integer cents; the lender's days 'YYYY-MM-DD'.
 */
import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { formatCalendarDay, lenderDay, usdCents } from '~/lib/format';
import {
  RUN_MESSAGES,
  RUN_INVESTORS_PAGE_SIZE,
  RUNS_PAGE_SIZE,
  statementPdfHref,
  type InvestorDistribution,
  type RunRow,
  type RunStatement,
  type RunTotals,
} from '~/lib/returns/distribution';
import { daysBetween } from '~/lib/servicing/day-count';
import { db, type Transaction } from '../../db/client.server';
import { pageAsked } from '../../db/paging.server';
import { isUuid } from '../../db/query.server';
import { deal, distributionLine, distributionPayment, distributionRun, loan, profile, user } from '../../db/schema';
import { env } from '../../env.server';
import { NotFound, Refused } from '../../errors.server';
import { queueEmail } from '../../mail/outbox.server';
import { audit, type Actor } from '../audit.server';
import { addNotification } from '../notifications.server';
import { loansByInvestor, previewRun, RUN_INVESTOR_ORDER, type InvestorLine, type RunLine } from './run-preview.server';

/** The portal notice's title when a run is paid (the investor's notification list shows it). */
export const DISTRIBUTION_NOTIFICATION_TITLES = ['Distribution paid'];

const RUN_NOT_FOUND = () => new NotFound('This distribution run does not exist.', 'Run not found');
/** Rows per INSERT: 11 columns × 2,000 stays far below PostgreSQL's 65,535 parameters. */
const CHUNK = 2_000;

type Run = typeof distributionRun.$inferSelect;

const rowOf = (r: Run): RunRow => ({
  id: r.id,
  number: r.number,
  periodFrom: r.periodFrom,
  periodTo: r.periodTo,
  status: r.status,
  cashCents: r.cashCents,
  investorsCents: r.investorsCents,
  lenderCents: r.lenderCents,
  spreadCents: r.spreadCents,
  paidOn: r.paidOn,
  paymentReference: r.paymentReference,
});

/** An investor's payment in a run, as stored and as shown: its parts, the shortfalls and the amount (cents). */
const paymentParts = (p: Omit<InvestorDistribution, 'investorId' | 'name' | 'email' | 'loans'>) => ({
  interestCents: p.interestCents,
  principalCents: p.principalCents,
  feesCents: p.feesCents,
  carriedInCents: p.carriedInCents,
  amountCents: p.amountCents,
  carriedOutCents: p.carriedOutCents,
});

/** Run `runId` locked FOR UPDATE in `tx`. @throws NotFound for no such run. */
async function lockRun(tx: Transaction, runId: string): Promise<Run> {
  if (!isUuid(runId)) throw RUN_NOT_FOUND();
  const [run] = await tx.select().from(distributionRun).where(eq(distributionRun.id, runId)).for('update');
  if (!run) throw RUN_NOT_FOUND();
  return run;
}

/**
 * Staff open a run for the period `periodFrom`..`periodTo` (inclusive, ending by `today`).
 * Returns the new run.
 * @throws Refused('invalid') for a period that ends after today or before it starts;
 *   Refused('conflict') while another run is open or approved (the unique index decides, so two
 *   staff opening at once make one run).
 */
export async function openRun(
  actor: Actor,
  { periodFrom, periodTo }: { periodFrom: string; periodTo: string },
  today = lenderDay(),
): Promise<RunRow> {
  const title = 'Run not opened';
  if (daysBetween(periodTo, today) < 0) throw new Refused('invalid', RUN_MESSAGES.future, title);
  if (daysBetween(periodFrom, periodTo) < 0) throw new Refused('invalid', RUN_MESSAGES.order, title);
  return db().transaction(async (tx) => {
    // Asked first so a refused run takes no number (the identity has no gaps but for a race).
    const [unpaid] = await tx
      .select({ id: distributionRun.id })
      .from(distributionRun)
      .where(inArray(distributionRun.status, ['open', 'approved']));
    if (unpaid) throw new Refused('conflict', RUN_MESSAGES.open, title);
    const [run] = await tx
      .insert(distributionRun)
      .values({ periodFrom, periodTo, openedBy: actor.id })
      .onConflictDoNothing()
      .returning();
    if (!run) throw new Refused('conflict', RUN_MESSAGES.open, title);
    await audit(
      actor,
      'distribution.run_opened',
      { type: 'distribution_run', id: run.id },
      { number: run.number, periodFrom, periodTo },
      tx,
    );
    return rowOf(run);
  });
}

/** Inserts run `runId`'s `lines` in chunks. */
async function insertLines(tx: Transaction, runId: string, lines: readonly RunLine[]) {
  for (let i = 0; i < lines.length; i += CHUNK)
    await tx.insert(distributionLine).values(lines.slice(i, i + CHUNK).map((l) => ({ runId, ...l })));
}

/**
 * Staff approve open run `runId`: under the run's lock, its figures are computed again
 * (`previewRun`) and must give the investors' total staff saw (`expectedInvestorsCents`); then
 * every line (each position's part of each entry, and the lender's with the spread) and each
 * investor's payment (with the shortfall carried in and out) are written, the run's totals set
 * (cash = investors + lender + spread, a CHECK) and the run approved, with its audit event, in
 * one transaction. Returns the totals.
 * @throws NotFound for no such run; Refused('conflict') when the run is already approved or
 *   paid (nothing is written: approving twice pays once) or the figures changed.
 */
export async function approveRun(
  actor: Actor,
  runId: string,
  { expectedInvestorsCents }: { expectedInvestorsCents: number },
): Promise<RunTotals> {
  const title = 'Run not approved';
  return db().transaction(async (tx) => {
    const run = await lockRun(tx, runId);
    if (run.status !== 'open') throw new Refused('conflict', RUN_MESSAGES.approved, title);
    const { totals, investors, lines } = await previewRun(run.periodTo, tx);
    if (totals.investorsCents !== expectedInvestorsCents) throw new Refused('conflict', RUN_MESSAGES.stale, title);
    if (totals.cashCents !== totals.investorsCents + totals.lenderCents + totals.spreadCents)
      throw new Error(`Distribution run ${run.number} does not reconcile: ${JSON.stringify(totals)}`);
    await insertLines(tx, run.id, lines);
    for (let i = 0; i < investors.length; i += CHUNK)
      await tx
        .insert(distributionPayment)
        .values(investors.slice(i, i + CHUNK).map((p) => ({ runId: run.id, investorId: p.investorId, ...paymentParts(p) })));
    await tx
      .update(distributionRun)
      .set({
        status: 'approved',
        approvedBy: actor.id,
        approvedAt: new Date(),
        cashCents: totals.cashCents,
        investorsCents: totals.investorsCents,
        lenderCents: totals.lenderCents,
        spreadCents: totals.spreadCents,
      })
      .where(eq(distributionRun.id, run.id));
    await audit(
      actor,
      'distribution.run_approved',
      { type: 'distribution_run', id: run.id },
      { number: run.number, ...totals, lines: lines.length },
      tx,
    );
    return totals;
  });
}

/**
 * Staff mark approved run `runId` paid by the bank on `paidOn` (from the period's last day to
 * `today`) with `reference`; each investor of the run gets a portal notice and, when their
 * e-mail preference allows, the 'distribution-paid' e-mail with a link to their statement, in
 * the same transaction, with the audit event.
 * @throws NotFound for no such run; Refused('conflict') for a run that is not approved (open,
 *   or already paid); Refused('invalid') for a day out of range or no reference.
 */
export async function markRunPaid(
  actor: Actor,
  runId: string,
  { paidOn, reference }: { paidOn: string; reference: string },
  today = lenderDay(),
): Promise<void> {
  const title = 'Run not marked paid';
  const ref = reference.trim();
  if (!ref) throw new Refused('invalid', 'The payment reference is required', title);
  if (daysBetween(paidOn, today) < 0) throw new Refused('invalid', RUN_MESSAGES.paidOnFuture, title);
  await db().transaction(async (tx) => {
    const run = await lockRun(tx, runId);
    if (run.status !== 'approved')
      throw new Refused('conflict', run.status === 'paid' ? 'This run is already paid.' : RUN_MESSAGES.notApproved, title);
    if (daysBetween(run.periodTo, paidOn) < 0) throw new Refused('invalid', RUN_MESSAGES.paidOnEarly, title);
    await tx
      .update(distributionRun)
      .set({ status: 'paid', paidBy: actor.id, paidAt: new Date(), paidOn, paymentReference: ref })
      .where(eq(distributionRun.id, run.id));
    const payees = await tx
      .select({
        investorId: distributionPayment.investorId,
        amountCents: distributionPayment.amountCents,
        carriedOutCents: distributionPayment.carriedOutCents,
        name: user.name,
        email: user.email,
        notifyEmail: profile.notifyEmail,
      })
      .from(distributionPayment)
      .innerJoin(user, eq(user.id, distributionPayment.investorId))
      .leftJoin(profile, eq(profile.userId, user.id))
      .where(eq(distributionPayment.runId, run.id));
    const link = `${env().PUBLIC_URL}${statementPdfHref(run.number)}`;
    for (const p of payees) {
      await addNotification(tx, p.investorId, {
        title: DISTRIBUTION_NOTIFICATION_TITLES[0]!,
        message: `${usdCents(p.amountCents)} for ${formatCalendarDay(run.periodFrom)} – ${formatCalendarDay(run.periodTo)}, paid on ${formatCalendarDay(paidOn)}.`,
        type: 'success',
      });
      if (!p.notifyEmail) continue;
      await queueEmail(tx, {
        to: p.email,
        template: 'distribution-paid',
        payload: {
          name: p.name,
          runNumber: run.number,
          periodFrom: run.periodFrom,
          periodTo: run.periodTo,
          paidOn,
          amountCents: p.amountCents,
          carriedOutCents: p.carriedOutCents,
          link,
        },
      });
    }
    await audit(
      actor,
      'distribution.run_paid',
      { type: 'distribution_run', id: run.id },
      { number: run.number, paidOn, reference: ref, investors: payees.length },
      tx,
    );
  });
}

/**
 * The runs, newest first, `RUNS_PAGE_SIZE` a page (a page past the end gives the last), and the
 * run open or approved, if any (the next is opened once it is paid).
 */
export async function listRuns(requestedPage: number) {
  const [{ total } = { total: 0 }] = await db().select({ total: count() }).from(distributionRun);
  const pageCount = Math.max(1, Math.ceil(total / RUNS_PAGE_SIZE));
  const page = Math.min(Math.max(1, requestedPage), pageCount);
  const rows = await db()
    .select()
    .from(distributionRun)
    .orderBy(desc(distributionRun.number))
    .limit(RUNS_PAGE_SIZE)
    .offset((page - 1) * RUNS_PAGE_SIZE);
  const [unpaid] = await db()
    .select()
    .from(distributionRun)
    .where(inArray(distributionRun.status, ['open', 'approved']));
  return { runs: rows.map(rowOf), total, page, pageCount, unpaid: unpaid ? rowOf(unpaid) : null };
}

/** Run number `number` as the column holds it, or null (a number that is no whole number is none). */
function runNumber(number: number | string): number | null {
  // Digits only: Number() would read '0x1', '1e0' and '+1' as run 1.
  if (typeof number === 'string' && !/^\d{1,10}$/.test(number)) return null;
  const n = Number(number);
  return Number.isSafeInteger(n) && n >= 1 && n <= 2_147_483_647 ? n : null;
}

/**
 * The id of run number `n` as a subquery: the reads keyed by a URL's run number are sent with
 * the run's own read (issue 26: one database wait for a page's reads), not after it.
 */
const runIdOf = (n: number): SQL =>
  sql`(select ${distributionRun.id} from ${distributionRun} where ${distributionRun.number} = ${n})`;

/** Run number `number`, or null (a number that is no whole number is none). */
async function runByNumber(number: number | string): Promise<Run | null> {
  const n = runNumber(number);
  if (n === null) return null;
  const [run] = await db().select().from(distributionRun).where(eq(distributionRun.number, n));
  return run ?? null;
}

/** Run `number` as the list shows it, or null for none. */
export async function findRun(number: number | string): Promise<RunRow | null> {
  const run = await runByNumber(number);
  return run ? rowOf(run) : null;
}

/**
 * A stored line as the payments' statement sends it (json, one array a line, by day): loan id,
 * entry id, day, interest, principal and fees (cents), the loan's reference and its deal's title
 * ('' for a loan without a deal, as `loanNames` gives none).
 */
type LineJson = [string, string, string, number, number, number, string, string];

/**
 * The page shown of a run's `investors` payments: the one asked for, or the last when it is past
 * the end (at least one page).
 */
const runPaging = (page: number, investors: number) => {
  const pageCount = Math.max(1, Math.ceil(investors / RUN_INVESTORS_PAGE_SIZE));
  return { page: Math.min(pageAsked(page), pageCount), pageCount };
};

/**
 * The stored payments of approved or paid run `runId` (an id, or `runIdOf` a number), each with
 * the loans its lines come from, in one statement (the lines, with their loan's reference and
 * deal's title, as a json aggregate per payment): one investor's (`investorId`), or one page of
 * investors by name (`page`, from 1, RUN_INVESTORS_PAGE_SIZE a page; a page past the end reads
 * nothing). Only the page's lines are read. Cents are exact: bigint in json is a number below 2^53.
 */
async function storedInvestors(
  runId: string | SQL,
  only: { investorId: string } | { page: number },
): Promise<InvestorDistribution[]> {
  const size = RUN_INVESTORS_PAGE_SIZE;
  const payments = db()
    .select({
      payment: {
        investorId: distributionPayment.investorId,
        interestCents: distributionPayment.interestCents,
        principalCents: distributionPayment.principalCents,
        feesCents: distributionPayment.feesCents,
        carriedInCents: distributionPayment.carriedInCents,
        amountCents: distributionPayment.amountCents,
        carriedOutCents: distributionPayment.carriedOutCents,
      },
      name: user.name,
      email: user.email,
      lines: sql<LineJson[]>`(
        select coalesce(json_agg(json_build_array(${distributionLine.loanId}, ${distributionLine.entryId}, ${distributionLine.day},
                 ${distributionLine.interestCents}, ${distributionLine.principalCents}, ${distributionLine.feesCents},
                 coalesce(${loan.reference}, ''), coalesce(${deal.title}, '')) order by ${distributionLine.day}), '[]')
          from ${distributionLine}
          left join (${loan} inner join ${deal} on ${deal.loanId} = ${loan.id}) on ${loan.id} = ${distributionLine.loanId}
         where ${distributionLine.runId} = ${distributionPayment.runId}
           and ${distributionLine.investorId} = ${distributionPayment.investorId})`,
    })
    .from(distributionPayment)
    .innerJoin(user, eq(user.id, distributionPayment.investorId))
    .where(
      and(
        eq(distributionPayment.runId, runId),
        'investorId' in only ? eq(distributionPayment.investorId, only.investorId) : undefined,
      ),
    )
    .orderBy(...RUN_INVESTOR_ORDER)
    .limit('page' in only ? size : 1);
  const rows = await ('page' in only ? payments.offset((pageAsked(only.page) - 1) * size) : payments);
  if (!rows.length) return [];
  // The stored payment is the record; its lines give the loans.
  const lines: InvestorLine[] = [];
  const names = new Map<string, { reference: string; title: string }>();
  for (const { payment, lines: own } of rows)
    for (const [loanId, entryId, day, interestCents, principalCents, feesCents, reference, title] of own) {
      lines.push({ investorId: payment.investorId, loanId, entryId, day, interestCents, principalCents, feesCents });
      names.set(loanId, { reference, title });
    }
  const grouped = loansByInvestor(lines, names);
  return rows.map(({ payment: p, name, email }) => ({
    investorId: p.investorId,
    name,
    email,
    ...paymentParts(p),
    loans: grouped.get(p.investorId) ?? [],
  }));
}

/** One page of run `number` for its staff page (see runDetail). */
export interface RunDetail {
  run: RunRow;
  totals: RunTotals;
  /** The page's investors, by name. */
  investors: InvestorDistribution[];
  page: number;
  pageCount: number;
}

/**
 * Run `number` for its staff page: the run, its totals (over every investor) and one page
 * (`page`, from 1, clamped to the last) of investors by name with the loans each amount comes
 * from; from the stored lines and payments once approved, from `previewRun` while open. Null for
 * no such run. An approved or paid run takes one database wait (issue 26): the run with its
 * payments' count and sum, and the page of payments with their lines, are two statements sent
 * together, the page keyed by the run's number.
 */
export async function runDetail(number: number | string, page = 1): Promise<RunDetail | null> {
  const n = runNumber(number);
  if (n === null) return null;
  const sums = db()
    .select({
      investors: count().as('investors'),
      payableCents: sql<string>`coalesce(sum(${distributionPayment.amountCents}), 0)::text`.as('payable_cents'),
    })
    .from(distributionPayment)
    .where(eq(distributionPayment.runId, distributionRun.id))
    .as('sums');
  // Sent together; an open run has no payments, so its page reads none.
  const [[head], stored] = await Promise.all([
    db()
      .select({ run: distributionRun, investors: sums.investors, payableCents: sums.payableCents })
      .from(distributionRun)
      .innerJoinLateral(sums, sql`true`)
      .where(eq(distributionRun.number, n)),
    storedInvestors(runIdOf(n), { page }),
  ]);
  if (!head) return null;
  const { run } = head;
  if (run.status === 'open') {
    const { totals, investors } = await previewRun(run.periodTo);
    const at = runPaging(page, investors.length);
    const from = (at.page - 1) * RUN_INVESTORS_PAGE_SIZE;
    return { run: rowOf(run), totals, investors: investors.slice(from, from + RUN_INVESTORS_PAGE_SIZE), ...at };
  }
  const at = runPaging(page, head.investors);
  // The page was read beside the count: a page past the end found nothing, as did a read that
  // started before the approval committed; the page shown is read again then (a rare second wait).
  const investors = !stored.length && head.investors ? await storedInvestors(run.id, { page: at.page }) : stored;
  return {
    run: rowOf(run),
    investors,
    totals: {
      cashCents: run.cashCents ?? 0,
      investorsCents: run.investorsCents ?? 0,
      lenderCents: run.lenderCents ?? 0,
      spreadCents: run.spreadCents ?? 0,
      payableCents: Number(head.payableCents),
      investors: head.investors,
    },
    ...at,
  };
}

/**
 * Investor `investorId`'s statement of run `number`: their payment and lines by loan. Null when
 * the run does not exist, is still open, or paid them nothing on record (another investor's
 * statement is no statement: the route answers 404).
 */
export async function investorRunStatement(investorId: string, number: number | string): Promise<RunStatement | null> {
  const n = runNumber(number);
  if (n === null) return null;
  // Sent together: the payment is keyed by the run's number (an open run has none).
  const [run, [mine]] = await Promise.all([runByNumber(n), storedInvestors(runIdOf(n), { investorId })]);
  if (!run || run.status === 'open' || !mine) return null;
  return {
    runNumber: run.number,
    periodFrom: run.periodFrom,
    periodTo: run.periodTo,
    paidOn: run.paidOn,
    investorName: mine.name,
    interestCents: mine.interestCents,
    principalCents: mine.principalCents,
    feesCents: mine.feesCents,
    carriedInCents: mine.carriedInCents,
    amountCents: mine.amountCents,
    carriedOutCents: mine.carriedOutCents,
    loans: mine.loans,
  };
}

/**
 * The bank file's rows of approved or paid run `number`: each investor paid more than nothing,
 * with their name, e-mail and amount. Null for no such run or one still open.
 */
export async function runPayments(number: number | string) {
  const run = await runByNumber(number);
  if (!run || run.status === 'open') return null;
  const rows = await db()
    .select({ name: user.name, email: user.email, amountCents: distributionPayment.amountCents })
    .from(distributionPayment)
    .innerJoin(user, eq(user.id, distributionPayment.investorId))
    .where(eq(distributionPayment.runId, run.id))
    .orderBy(...RUN_INVESTOR_ORDER);
  return { run: rowOf(run), payments: rows.filter((r) => r.amountCents > 0) };
}
