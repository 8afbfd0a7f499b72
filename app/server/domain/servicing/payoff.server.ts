/**
 * Payoff quotes and the recorded payoff (issue 24 "Payoff quote"; staff "issue payoff quotes,
 * record the payoff"). A quote is asked by the borrower or staff for a good-through day from today
 * to 30 days ahead; its figures are ledger.ts `payoffQuote` on the stored ledger with the closing
 * record's reconveyance fee; each quote is kept as asked (a `payoff_quote` row with its figures and
 * its PDF, the file written first and removed if the row fails), the borrower is e-mailed the
 * figures, and a staff quote is audited. Recording the payoff checks the quote against the ledger
 * again, appends ledger.ts `payoffEntries` (every balance is then 0), moves the loan to Paid off,
 * tells the borrower and the loan's investors (returns/updates.server.ts) and is audited, in one
 * transaction under the loan's and the ledger's locks.
 *
 * Units: cents, the lender's days 'YYYY-MM-DD' (`lenderDay()`).
 */
import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { formatCalendarDay, lenderDay, usdCents } from '~/lib/format';
import { daysBetween } from '~/lib/servicing/day-count';
import { payoffEntries, payoffQuote as computeQuote, type LedgerEntry, type PayoffQuote } from '~/lib/servicing/ledger';
import { parseSearch } from '~/lib/search-params';
import {
  goodThroughSearch,
  inPayoffWindow,
  PAYOFF_MESSAGES,
  type PayoffQuoteSummary,
  type RecordPayoffInput,
} from '~/lib/servicing/payoff';
import { db } from '../../db/client.server';
import { isUuid } from '../../db/query.server';
import { loan, payoffQuote, user } from '../../db/schema';
import { isRefused, NotFound, Refused } from '../../errors.server';
import { logger } from '../../logger.server';
import { renderPayoffQuote } from '../../pdf/payoff-quote.server';
import { storage } from '../../storage.server';
import { audit } from '../audit.server';
import { lockLoan, propertyLine, recordMove, tellBorrower, type Loan, type LoanActor } from '../loans/loan.server';
import { announceLoanEvent } from '../returns/updates.server';
import { appendEntries, entryId, lockServicing, loanTerms, readEntries, servicingOf, type Servicing } from './ledger.server';

/** A stored quote as the pages list it. */
export type QuoteRow = PayoffQuoteSummary;

const QUOTE_NOT_FOUND = () => new NotFound('This payoff quote does not exist.', 'Quote not found');

/** The closing record of a funded `l`. @throws Refused('conflict') when the loan is not funded (or not boarded). */
async function fundedServicing(l: Loan): Promise<Servicing> {
  const s = l.stage === 'funded' ? await servicingOf(l.id) : null;
  if (!s) throw new Refused('conflict', 'Only a funded loan has a payoff.', 'No payoff quote');
  return s;
}

/**
 * The payoff figures of `s` good through `goodThrough` from `entries`, with its reconveyance fee.
 * @throws Refused('conflict') when suspense exceeds what is owed (the total would be negative: a refund).
 */
function figuresOf(entries: readonly LedgerEntry[], s: Servicing, goodThrough: string): PayoffQuote {
  const quote = computeQuote(entries, loanTerms(s), { goodThrough, reconveyanceFeeCents: s.reconveyanceFeeCents });
  if (quote.totalCents < 0) throw new Refused('conflict', PAYOFF_MESSAGES.refund, 'No payoff quote');
  return quote;
}

/**
 * The figures a quote good through `goodThrough` would have now, without recording anything (the
 * page shows them before the borrower asks). Null when the loan is not funded.
 * @throws Refused('invalid') for a day outside today..today + 30, Refused('conflict') for a refund.
 */
export async function previewPayoff(l: Loan, goodThrough: string, today = lenderDay()): Promise<PayoffQuote | null> {
  const s = l.stage === 'funded' ? await servicingOf(l.id) : null;
  if (!s) return null;
  if (!inPayoffWindow(goodThrough, today)) throw new Refused('invalid', PAYOFF_MESSAGES.goodThrough, 'No payoff quote');
  return figuresOf(await readEntries(l.id), s, goodThrough);
}

/**
 * The payoff page's preview of `l` for `url`'s `?goodThrough=` (goodThroughSearch: today + 10 days
 * when missing or outside the window), read by the borrower's and the staff's pages alike: the
 * day, its figures (null for a loan not funded) and, for a loan whose suspense exceeds what it
 * owes, no figures but the refusal's sentence to show instead.
 */
export async function payoffPreviewOfUrl(
  l: Loan,
  url: URL,
  today = lenderDay(),
): Promise<{ goodThrough: string; preview: PayoffQuote | null; refusal: string | null }> {
  const { goodThrough } = parseSearch(url, goodThroughSearch(today));
  try {
    return { goodThrough, preview: await previewPayoff(l, goodThrough, today), refusal: null };
  } catch (error) {
    if (!isRefused(error)) throw error;
    return { goodThrough, preview: null, refusal: error.message };
  }
}

/**
 * `actor` (the borrower, or staff with `by: 'staff'`) asks for the payoff of `l` good through
 * `goodThrough` (from `today` to today + 30 days): the figures from the ledger, the PDF stored,
 * the quote row, the e-mail to the borrower (their preferences honoured) and, for staff, the audit.
 * Returns the stored quote.
 * @throws Refused('invalid') for a day outside the window, Refused('conflict') for a loan not
 *   funded or a suspense above what is owed (the rule: a payoff is never negative; staff refund).
 */
export async function quotePayoff(
  actor: LoanActor,
  l: Loan,
  goodThrough: string,
  { by, today = lenderDay() }: { by: 'borrower' | 'staff'; today?: string },
): Promise<QuoteRow> {
  if (!inPayoffWindow(goodThrough, today)) throw new Refused('invalid', PAYOFF_MESSAGES.goodThrough, 'No payoff quote');
  const s = await fundedServicing(l);
  const figures = figuresOf(await readEntries(l.id), s, goodThrough);
  const [borrower] = await db().select({ name: user.name }).from(user).where(eq(user.id, l.borrowerId));
  const pdf = await renderPayoffQuote({
    reference: l.reference ?? '',
    property: propertyLine(l),
    borrowerName: borrower?.name ?? '',
    issuedOn: today,
    quote: figures,
  });
  const key = `payoffs/${l.id}/${randomBytes(16).toString('hex')}.pdf`;
  await storage().put(key, pdf, 'application/pdf');
  try {
    return await db().transaction(async (tx) => {
      const [row] = await tx
        .insert(payoffQuote)
        .values({
          loanId: l.id,
          goodThrough,
          figures,
          totalCents: figures.totalCents,
          storageKey: key,
          fileSize: pdf.length,
          requestedBy: actor.id,
        })
        .returning();
      await tellBorrower(
        tx,
        l,
        'loan-payoff-quote',
        {
          title: 'Your payoff quote is ready',
          message: `${l.reference}: ${usdCents(figures.totalCents)} good through ${formatCalendarDay(goodThrough)}.`,
          type: 'info',
        },
        { quote: figures },
      );
      if (by === 'staff')
        await audit(
          actor,
          'loan.payoff_quoted',
          { type: 'loan', id: l.id },
          { reference: l.reference, quoteId: row!.id, goodThrough, totalCents: figures.totalCents },
          tx,
        );
      return {
        id: row!.id,
        goodThrough,
        totalCents: figures.totalCents,
        figures,
        createdAt: row!.createdAt.toISOString(),
        by,
        requestedByName: actor.name,
      };
    });
  } catch (error) {
    await storage()
      .delete(key)
      .catch((err: unknown) => logger.error({ err, key }, 'payoff quote not recorded; its file could not be removed'));
    throw error;
  }
}

/** Every quote of loan `loanId`, newest first. */
export async function quotesOfLoan(loanId: string): Promise<QuoteRow[]> {
  const rows = await db()
    .select({
      id: payoffQuote.id,
      goodThrough: payoffQuote.goodThrough,
      totalCents: payoffQuote.totalCents,
      figures: payoffQuote.figures,
      createdAt: payoffQuote.createdAt,
      requestedBy: payoffQuote.requestedBy,
      requestedByName: user.name,
      borrowerId: loan.borrowerId,
    })
    .from(payoffQuote)
    .innerJoin(loan, eq(loan.id, payoffQuote.loanId))
    .leftJoin(user, eq(user.id, payoffQuote.requestedBy))
    .where(eq(payoffQuote.loanId, loanId))
    .orderBy(desc(payoffQuote.createdAt));
  return rows.map((r) => ({
    id: r.id,
    goodThrough: r.goodThrough,
    totalCents: r.totalCents,
    figures: r.figures as PayoffQuote,
    createdAt: r.createdAt.toISOString(),
    by: r.requestedBy === r.borrowerId ? 'borrower' : 'staff',
    requestedByName: r.requestedByName,
  }));
}

/**
 * The stored PDF of quote `quoteId` of `l` (found by the caller through `borrowerLoan` or
 * `staffLoan`): its storage key and a file name. @throws NotFound for a quote not of this loan.
 */
export async function quoteFile(l: Loan, quoteId: string): Promise<{ key: string; fileName: string }> {
  if (!isUuid(quoteId)) throw QUOTE_NOT_FOUND();
  const [row] = await db()
    .select({ key: payoffQuote.storageKey, goodThrough: payoffQuote.goodThrough })
    .from(payoffQuote)
    .where(and(eq(payoffQuote.id, quoteId), eq(payoffQuote.loanId, l.id)));
  if (!row?.key) throw QUOTE_NOT_FOUND();
  return { key: row.key, fileName: `payoff-quote-${l.reference}-${row.goodThrough}.pdf` };
}

/**
 * Staff record the payoff of funded `l` against quote `quoteId`: `amountCents` received on `day`
 * (on or before the quote's good-through day, on or after the ledger's last entry, not after
 * `today`), with its method and reference. What is owed is the quote good through `day`,
 * recomputed from the ledger under its lock (interest is earned to the day the money arrives, and
 * a bill booked since the quote counts): a surplus is refunded (a refund entry, in the borrower's
 * e-mail), a shortfall up to the loan's payoff tolerance is waived, a larger one is refused. The
 * payoff entries are appended (every balance then 0), the loan moves to Paid off, the borrower is
 * told and the payoff audited, in one transaction.
 * @throws NotFound for a quote not of this loan; Refused('conflict') when the loan is not funded
 *   or holds more in suspense than it owes; Refused('invalid') for a day out of range or an
 *   amount short by more than the tolerance (naming what is owed).
 */
export async function recordPayoff(
  admin: LoanActor,
  l: Loan,
  input: Omit<RecordPayoffInput, 'reference'> & { reference?: string | null },
  today = lenderDay(),
): Promise<void> {
  if (!isUuid(input.quoteId)) throw QUOTE_NOT_FOUND();
  await db().transaction(async (tx) => {
    const current = await lockLoan(tx, l.id);
    if (current.stage !== 'funded') throw new Refused('conflict', 'Only a funded loan can be paid off.', 'Payoff not recorded');
    const s = await lockServicing(tx, l.id);
    const [quote] = await tx
      .select()
      .from(payoffQuote)
      .where(and(eq(payoffQuote.id, input.quoteId), eq(payoffQuote.loanId, l.id)));
    if (!quote) throw QUOTE_NOT_FOUND();
    const refuse = (message: string) => new Refused('invalid', message, 'Payoff not recorded');
    if (daysBetween(input.day, today) < 0) throw refuse('The day received cannot be in the future.');
    if (daysBetween(input.day, quote.goodThrough) < 0)
      throw refuse(`The payoff must be received by the quote's good-through date, ${formatCalendarDay(quote.goodThrough)}.`);
    const entries = await readEntries(l.id, tx);
    const last = entries
      .map((e) => e.day)
      .sort()
      .at(-1);
    if (last && daysBetween(last, input.day) < 0)
      throw refuse(`The day received cannot be before the ledger's last entry, ${formatCalendarDay(last)}.`);
    const owed = computeQuote(entries, loanTerms(s), { goodThrough: input.day, reconveyanceFeeCents: s.reconveyanceFeeCents });
    if (owed.totalCents < 0) throw new Refused('conflict', PAYOFF_MESSAGES.refund, 'Payoff not recorded');
    const shortCents = owed.totalCents - input.amountCents;
    if (shortCents > s.payoffToleranceCents)
      throw refuse(
        `${usdCents(owed.totalCents)} is owed for a payoff received ${formatCalendarDay(input.day)}: ${usdCents(input.amountCents)} is ${usdCents(shortCents)} short. Record it as a payment, or record the payoff when the rest arrives.`,
      );
    const payoffEntriesOf = payoffEntries(owed, {
      day: input.day,
      newId: entryId,
      receivedCents: input.amountCents,
      toleranceCents: s.payoffToleranceCents,
    });
    const appended = await appendEntries(
      tx,
      s,
      payoffEntriesOf.map((e) => (e.kind === 'payoff' ? { ...e, method: input.method, reference: input.reference ?? null } : e)),
      admin,
    );
    const refundCents = Math.max(0, input.amountCents - owed.totalCents);
    const after = appended.at(-1)!.after;
    if (Object.values(after).some((v) => v !== 0))
      throw new Error(`A payoff of loan ${l.id} left balances: ${JSON.stringify(after)}`);
    await recordMove(tx, current, 'paid_off', admin, 'Paid off');
    await announceLoanEvent(tx, l.id, { kind: 'paid-off', day: input.day });
    await tellBorrower(
      tx,
      current,
      'loan-stage-changed',
      {
        title: 'Your loan is paid off',
        message: `${current.reference} is paid off. Thank you.`,
        type: 'success',
      },
      {
        stage: 'Paid off',
        note:
          `We received ${usdCents(input.amountCents)} on ${formatCalendarDay(input.day)}: the loan is paid off and every balance is zero.` +
          (refundCents > 0
            ? ` It was ${usdCents(refundCents)} more than the ${usdCents(owed.totalCents)} owed that day (interest runs only to the day your money arrived): we are refunding ${usdCents(refundCents)} to you.`
            : ''),
      },
    );
    await audit(
      admin,
      'loan.payoff_recorded',
      { type: 'loan', id: l.id },
      {
        reference: l.reference,
        quoteId: quote.id,
        day: input.day,
        amountCents: input.amountCents,
        owedCents: owed.totalCents,
        refundCents,
        waivedCents: Math.max(0, shortCents),
        method: input.method,
        paymentReference: input.reference ?? null,
      },
      tx,
    );
  });
}
