/**
 * The lender's side of a loan (issue "The loan file"; docs/product.md §10.5-10.6): moving it
 * through the stages, declining it, issuing a term sheet and the borrower's answer to it, and the
 * pipeline lists of the admin area.
 */
import { and, asc, count, desc, eq, isNotNull, like, ne, sql, type SQL } from 'drizzle-orm';
import { canIssueTermSheet, loanRatios, stageLabel, staffMoves, PIPELINE_PAGE_SIZE, type LoanStage } from '~/lib/loans';
import { lenderDay } from '~/lib/format';
import { db, type Database } from '../../db/client.server';
import { readNumberedPage } from '../../db/paging.server';
import { preparedRead, type Bound } from '../../db/prepared.server';
import { containsPattern, isUuid } from '../../db/query.server';
import { loan, termSheet, user } from '../../db/schema';
import { NotFound, Refused } from '../../errors.server';
import { audit } from '../audit.server';
import {
  type Loan,
  type LoanActor,
  lockLoan,
  propertyLine,
  tellBorrower,
  tellLender,
  recordMove,
  nextStepColumns,
  nextStepFacts,
  staffNextStep,
} from './loan.server';

// ---------------------------------------------------------------- stages

/**
 * Staff move `l` to `to` with `note` (shown on the borrower's timeline and in the e-mail).
 * Declining goes through `declineLoan`. @throws Refused('conflict') for a move the pipeline
 * does not allow (staffMoves).
 */
export async function moveStage(admin: LoanActor, l: Loan, to: LoanStage, note: string | null) {
  if (to === 'declined') throw new Refused('invalid', 'Decline the loan with its reasons.', 'Stage not changed');
  if (to === 'funded') throw new Refused('conflict', 'Fund the loan by confirming its closing record.', 'Stage not changed');
  if (to === 'paid_off') throw new Refused('conflict', 'Record the payoff to close the loan.', 'Stage not changed');
  await db().transaction(async (tx) => {
    const current = await lockLoan(tx, l.id);
    if (!staffMoves(current.stage).includes(to))
      throw new Refused(
        'conflict',
        `A loan cannot move from ${stageLabel(current.stage)} to ${stageLabel(to)}.`,
        'Stage not changed',
      );
    await recordMove(tx, current, to, admin, note);
    await tellBorrower(
      tx,
      current,
      'loan-stage-changed',
      { title: 'Loan stage changed', message: `${current.reference} moved to ${stageLabel(to)}.${note ? ` ${note}` : ''}` },
      { stage: stageLabel(to), note },
    );
    await audit(
      admin,
      'loan.stage_moved',
      { type: 'loan', id: l.id },
      { reference: l.reference, from: current.stage, to, note },
      tx,
    );
  });
}

/**
 * Staff decline `l` for `reason`: the stage becomes Declined and the borrower is sent the
 * written notice of action taken with the reason (Regulation B, 12 CFR 1002.9, asks it of
 * business-credit lenders), whatever their e-mail preferences.
 * @throws Refused('invalid') without a reason, Refused('conflict') when it cannot be declined.
 */
export async function declineLoan(admin: LoanActor, l: Loan, reason: string) {
  const clean = reason.trim();
  if (!clean) throw new Refused('invalid', 'Please give the reasons for the decision.', 'Loan not declined');
  await db().transaction(async (tx) => {
    const current = await lockLoan(tx, l.id);
    if (!staffMoves(current.stage).includes('declined'))
      throw new Refused('conflict', `A loan in ${stageLabel(current.stage)} cannot be declined.`, 'Loan not declined');
    await recordMove(tx, current, 'declined', admin, null);
    await tx.update(loan).set({ declineReason: clean }).where(eq(loan.id, l.id));
    await tx
      .update(termSheet)
      .set({ status: 'superseded' })
      .where(and(eq(termSheet.loanId, l.id), eq(termSheet.status, 'issued')));
    await tellBorrower(
      tx,
      current,
      'loan-declined',
      {
        title: 'Loan decision',
        message: `We are unable to make loan ${current.reference}. See the notice we sent you.`,
        type: 'error',
      },
      { reason: clean, decidedOn: lenderDay() },
      true,
    );
    await audit(admin, 'loan.declined', { type: 'loan', id: l.id }, { reference: l.reference, reason: clean }, tx);
  });
}

// ---------------------------------------------------------------- term sheets

export interface TermSheetTerms {
  /** Dollars. */
  amount: number;
  /** Percent a year. */
  ratePercent: number;
  /** Percent of the amount. */
  points: number;
  termMonths: number;
  /** Percent. */
  ltv: number;
  /** 'YYYY-MM-DD', the last day it may be accepted. */
  expiresOn: string;
  /** Whole dollars, paid at closing (0 when left out). */
  underwritingFee?: number;
  /** Whole dollars, paid at closing (0 when left out). */
  legalFee?: number;
  /** Whole dollars, charged on each draw (0 when left out). */
  drawFee?: number;
  /** Percent of the loan charged to extend it (0 when left out). */
  extensionPoints?: number;
  /** Percent a year after a default; null or left out: none stated. */
  defaultRatePercent?: number | null;
  /** '' when left out. */
  prepaymentTerms?: string;
  /** Whole dollars kept from the amount and released by draws, less than the amount (0 when left out). */
  holdback?: number;
}

/**
 * Staff issue a term sheet for `l` with `terms` (fees in whole dollars; issue 23 "Trust at first
 * sight"): an open one is superseded, a loan In review moves to Term sheet, and the borrower is
 * told. @throws Refused('conflict') outside In review / Term sheet, Refused('invalid') for a
 * holdback not below the amount.
 */
export async function issueTermSheet(admin: LoanActor, l: Loan, terms: TermSheetTerms) {
  await db().transaction(async (tx) => {
    const current = await lockLoan(tx, l.id);
    if (!canIssueTermSheet(current.stage))
      throw new Refused('conflict', 'A term sheet can be issued only while the loan is in review.', 'Term sheet not issued');
    if ((terms.holdback ?? 0) >= terms.amount)
      throw new Refused('invalid', 'The holdback must be less than the loan amount.', 'Term sheet not issued');
    await tx
      .update(termSheet)
      .set({ status: 'superseded' })
      .where(and(eq(termSheet.loanId, l.id), eq(termSheet.status, 'issued')));
    await tx.insert(termSheet).values({ loanId: l.id, ...terms, issuedBy: admin.id });
    if (current.stage === 'in_review') await recordMove(tx, current, 'term_sheet', admin, null);
    await tellBorrower(
      tx,
      current,
      'loan-term-sheet-issued',
      {
        title: 'Your term sheet is ready',
        message: `Review the term sheet for ${current.reference} on the loan page.`,
        type: 'success',
      },
      {
        amount: terms.amount,
        ratePercent: terms.ratePercent,
        points: terms.points,
        termMonths: terms.termMonths,
        ltv: terms.ltv,
        expiresOn: terms.expiresOn,
        underwritingFee: terms.underwritingFee ?? 0,
        legalFee: terms.legalFee ?? 0,
        holdback: terms.holdback ?? 0,
        purpose: current.purpose,
        price: current.propertyValue,
      },
    );
    await audit(admin, 'loan.term_sheet_issued', { type: 'loan', id: l.id }, { reference: l.reference, ...terms }, tx);
  });
}

/**
 * The borrower of `l` declines term sheet `termSheetId`: one step, recorded with the time and
 * their client address (`ip`, `userAgent`); the lender is told. Accepting is a signed act of its
 * own (`acceptTermSheet`, signature.server.ts).
 * @throws NotFound for a term sheet not on the loan, Refused('conflict') when it is no longer
 * open or has expired.
 */
export async function declineTermSheet(
  borrower: LoanActor,
  l: Loan,
  termSheetId: string,
  client: { ip: string; userAgent: string | null },
) {
  await db().transaction(async (tx) => {
    const current = await lockLoan(tx, l.id);
    const [sheet] = isUuid(termSheetId)
      ? await tx
          .select()
          .from(termSheet)
          .where(and(eq(termSheet.id, termSheetId), eq(termSheet.loanId, l.id)))
      : [];
    if (!sheet) throw new NotFound('Term sheet not found.', 'Term sheet not found');
    if (sheet.status !== 'issued' || current.stage !== 'term_sheet')
      throw new Refused('conflict', 'This term sheet is no longer open.', 'Not recorded');
    if (sheet.expiresOn < lenderDay())
      throw new Refused('conflict', 'This term sheet has expired. Please message us for a new one.', 'Not recorded');
    await tx
      .update(termSheet)
      .set({
        status: 'declined',
        respondedAt: new Date(),
        respondedIp: client.ip,
        respondedUserAgent: client.userAgent?.slice(0, 500) ?? null,
      })
      .where(eq(termSheet.id, sheet.id));
    await tellLender(tx, current, 'loan-term-sheet-answered', {
      answer: 'declined',
      termSheetAmount: sheet.amount,
      ip: client.ip,
    });
  });
}

// ---------------------------------------------------------------- the pipeline

/** The pipeline's page of loans in one direction, with each row's borrower and next-step facts. */
const pipelinePage = (name: string, order: typeof asc) =>
  preparedRead(name, (r, where) =>
    r
      .select({ loan, borrowerName: user.name, borrowerEmail: user.email, ...nextStepColumns() })
      .from(loan)
      .innerJoin(user, eq(user.id, loan.borrowerId))
      .where(where as SQL)
      .orderBy(order(loan.submittedAt), order(loan.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset')),
  );
const pipelineReads = {
  count: preparedRead('pipeline_count', (r, where) =>
    r
      .select({ n: count() })
      .from(loan)
      .where(where as SQL),
  ),
  newestFirst: pipelinePage('pipeline_newest', desc),
  oldestFirst: pipelinePage('pipeline_oldest', asc),
};

/**
 * One page of the pipeline: submitted loans (drafts are the borrower's), newest submission
 * first, optionally in `stage` and matching `q` (reference, property, borrower name or
 * e-mail). A page past the end gives the last page. Returns rows with the borrower, LTV, days
 * in stage and the next action, the total, page and page count.
 */
export async function listPipeline(opts: { q: string; stage: LoanStage | null; page: number }, now = new Date()) {
  const q = opts.q.trim();
  // The filter's shape (a stage or all, a search or none) picks the statement; its values are placeholders.
  const where: Bound = {
    sql: and(
      isNotNull(loan.submittedAt),
      opts.stage ? eq(loan.stage, sql.placeholder('stage')) : ne(loan.stage, 'draft'),
      q ? like(loan.searchText, sql`lower(${sql.placeholder('pattern')})`) : undefined,
    ) as SQL,
    shape: `${opts.stage ? 'stage' : 'submitted'}${q ? '-search' : ''}`,
    values: { stage: opts.stage, pattern: containsPattern(q) },
  };
  const { rows, total, page, pageCount } = await readNumberedPage({
    requestedPage: opts.page,
    pageSize: PIPELINE_PAGE_SIZE,
    total: undefined,
    count: async () => (await pipelineReads.count(where))[0]?.n ?? 0,
    rows: ({ offset, limit, newestFirst }) =>
      (newestFirst ? pipelineReads.newestFirst : pipelineReads.oldestFirst)({
        ...where,
        values: { ...where.values, offset, limit },
      }),
  });
  return {
    total,
    page,
    pageCount,
    loans: rows.map(({ loan: l, borrowerName, borrowerEmail, ...facts }) => ({
      id: l.id,
      reference: l.reference!,
      borrowerName,
      borrowerEmail,
      property: propertyLine(l),
      loanAmount: l.loanAmount,
      ltv: loanRatios({ ...l, purpose: l.purpose ?? undefined }).ltv,
      stage: l.stage,
      daysInStage: Math.max(0, Math.floor((now.getTime() - l.stageChangedAt.getTime()) / 86_400_000)),
      nextStep: staffNextStep(l, ...nextStepFacts(facts)),
    })),
  };
}

/** How many submitted loans are in each stage (the admin dashboard). */
export async function loansByStage(): Promise<Record<string, number>> {
  const rows = await submittedByStage();
  return Object.fromEntries(rows.map((r) => [r.stage, r.n]));
}

const submittedByStage = preparedRead('loans_by_stage', (r) =>
  r.select({ stage: loan.stage, n: count() }).from(loan).where(ne(loan.stage, 'draft')).groupBy(loan.stage),
);

/** The submitted loans of borrower `userId` for the admin user directory, newest first. */
export async function loansOfBorrower(userId: string, tx: Database = db()) {
  return tx
    .select({ reference: loan.reference, stage: loan.stage, loanAmount: loan.loanAmount, submittedAt: loan.submittedAt })
    .from(loan)
    .where(and(eq(loan.borrowerId, userId), isNotNull(loan.reference)))
    .orderBy(desc(loan.submittedAt));
}
