/**
 * A deal is the offering of a loan (issue 25 "From deal to loan to positions"): staff draft a deal
 * from an approved, closing or funded loan with its figures prefilled, or link an existing deal to
 * its loan; a deal links to at most one loan (deal.loan_id is unique). And the loan's terms a
 * deal's pages need: the note rate beside the deal's investor rate, whose difference is the
 * lender's servicing spread (app/lib/returns/README.md "Terms").
 *
 * Units: the deal's amounts in whole dollars, rates in percent a year; the note's in cents.
 */
import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import { percent } from '~/lib/format';
import { db, type Reader } from '../../db/client.server';
import { isUuid } from '../../db/query.server';
import { deal, loan, loanServicing, position, termSheet } from '../../db/schema';
import { NotFound, Refused } from '../../errors.server';
import { audit, type Actor } from '../audit.server';
import { loanBound, staffLoan, type Loan, type LoanId } from '../loans/loan.server';
import { bound, preparedRead } from '../../db/prepared.server';

/** The stages a loan may be offered in: approved, in closing, or funded (boarded). */
export const OFFERABLE_STAGES: readonly Loan['stage'][] = ['approved', 'closing', 'funded'];

/** The loan a deal offers, as the deal's pages show it. */
export interface DealLoan {
  loanId: string;
  reference: string;
  stage: Loan['stage'];
  /** The closing record's note amount in cents, or null before the loan is funded. */
  noteAmountCents: number | null;
  /** The closing record's note rate, or the accepted term sheet's before funding; null with neither. */
  noteRatePercent: number | null;
}

/** The figures a new deal takes from its loan. */
async function loanFigures(l: Loan, tx: Reader) {
  const [[servicing], [sheet]] = await Promise.all([
    tx.select().from(loanServicing).where(eq(loanServicing.loanId, l.id)),
    tx
      .select()
      .from(termSheet)
      .where(and(eq(termSheet.loanId, l.id), eq(termSheet.status, 'accepted')))
      .orderBy(desc(termSheet.createdAt))
      .limit(1),
  ]);
  return { servicing: servicing ?? null, sheet: sheet ?? null };
}

const dealOf = preparedRead('loan_deal', (r, id) =>
  r.select({ id: deal.id, title: deal.title }).from(deal).where(eq(deal.loanId, id)),
);

/** The deal linked to loan `loanId` (an id, or a `LoanRead`'s bound SQL; not deleted), or null. */
export async function dealOfLoan(loanId: LoanId, tx: Reader = db()): Promise<{ id: string; title: string } | null> {
  const [row] = await dealOf(loanBound(loanId), tx);
  return row ?? null;
}

/**
 * Staff draft a deal from loan `l` (Approved, Closing or Funded): the amount is the note amount
 * (the accepted term sheet's before funding) in whole dollars, raised in full; the investor rate
 * starts at the note rate (to the hundredth, rounded down) for staff to lower; the LTV and term
 * are the term sheet's (the closing record's term once funded); the location is the property's
 * city and state, the type its property type. The deal is created Closed (not offered) so staff
 * complete its text before setting it Active. Audited ('deal.created' with the loan). Returns the
 * deal's id.
 * @throws Refused('conflict') for a loan in another stage, without an accepted term sheet or
 *   closing record, or already offered by a deal.
 */
export async function offerLoanAsDeal(actor: Actor, l: Loan): Promise<string> {
  if (!OFFERABLE_STAGES.includes(l.stage))
    throw new Refused('conflict', 'Only an approved, closing or funded loan can be offered as a deal.', 'Not offered');
  return db().transaction(async (tx) => {
    // The loan's row, locked: two offers of one loan run one after the other.
    await tx.select({ id: loan.id }).from(loan).where(eq(loan.id, l.id)).for('update');
    const existing = await dealOfLoan(l.id, tx);
    if (existing) throw new Refused('conflict', `This loan is already offered as “${existing.title}”.`, 'Already offered');
    const { servicing, sheet } = await loanFigures(l, tx);
    if (!servicing && !sheet) throw new Refused('conflict', 'This loan has no accepted term sheet to offer.', 'Not offered');
    const amount = servicing ? Math.floor(servicing.noteAmountCents / 100) : sheet!.amount;
    const noteRate = servicing?.ratePercent ?? sheet!.ratePercent;
    const ltv = sheet?.ltv ?? (l.propertyValue ? Math.round((amount / l.propertyValue) * 10_000) / 100 : 0);
    const city = [l.propertyCity, l.propertyState].filter(Boolean).join(', ');
    const kind = l.propertyType ?? 'Property';
    const minimum = amount >= 25_000 ? 25_000 : 1_000;
    const [row] = await tx
      .insert(deal)
      .values({
        title: `${kind} loan${city ? ` in ${city}` : ''}`,
        location: city || 'Nevada',
        type: l.propertyType,
        description: `A deed of trust securing loan ${l.reference} on a ${kind.toLowerCase()} property${city ? ` in ${city}` : ''}.`,
        loanAmount: amount,
        ltv: Math.min(ltv, 100),
        termMonths: servicing?.termMonths ?? sheet!.termMonths,
        // numeric(5,2): the note rate to the hundredth, never above it.
        interestRate: Math.floor(Math.round(noteRate * 1000) / 10) / 100,
        minimumInvestment: minimum,
        amountToRaise: Math.max(amount, minimum),
        status: 'Closed',
        loanId: l.id,
      })
      .returning({ id: deal.id, title: deal.title });
    await audit(actor, 'deal.created', { type: 'deal', id: row!.id }, { title: row!.title, loan: l.reference }, tx);
    return row!.id;
  });
}

/**
 * Staff link deal `dealId` to the loan with reference `loanReference` (Approved, Closing or
 * Funded). Audited ('deal.linked').
 * @throws NotFound for no such deal or loan; Refused('conflict') when the loan has another deal,
 *   the deal is linked to another loan, or it has positions on another loan.
 */
export async function linkDealToLoan(actor: Actor, dealId: string, loanReference: string): Promise<Loan> {
  if (!isUuid(dealId)) throw new NotFound('This deal does not exist.', 'Deal not found');
  const l = await staffLoan(loanReference.trim());
  if (!l) throw new NotFound(`There is no loan ${loanReference.trim()}.`, 'Loan not found');
  if (!OFFERABLE_STAGES.includes(l.stage))
    throw new Refused('conflict', 'Only an approved, closing or funded loan can be linked to a deal.', 'Not linked');
  return db().transaction(async (tx) => {
    await tx.select({ id: loan.id }).from(loan).where(eq(loan.id, l.id)).for('update');
    const [target] = await tx
      .select({ id: deal.id, title: deal.title, loanId: deal.loanId })
      .from(deal)
      .where(and(eq(deal.id, dealId), isNull(deal.deletedAt)))
      .for('update');
    if (!target) throw new NotFound('This deal does not exist.', 'Deal not found');
    if (target.loanId === l.id) return l;
    if (target.loanId) throw new Refused('conflict', 'This deal is already linked to another loan.', 'Not linked');
    const other = await dealOfLoan(l.id, tx);
    if (other) throw new Refused('conflict', `Loan ${l.reference} is already offered as “${other.title}”.`, 'Not linked');
    const [held] = await tx
      .select({ id: position.id })
      .from(position)
      .where(and(eq(position.dealId, dealId), ne(position.loanId, l.id)))
      .limit(1);
    if (held) throw new Refused('conflict', 'This deal has positions on another loan.', 'Not linked');
    await tx.update(deal).set({ loanId: l.id }).where(eq(deal.id, dealId));
    await audit(actor, 'deal.linked', { type: 'deal', id: dealId }, { title: target.title, loan: l.reference }, tx);
    return l;
  });
}

const loanOfDeal = preparedRead('deal_loan', (r, dealId) =>
  r
    .select({
      loanId: loan.id,
      reference: loan.reference,
      stage: loan.stage,
      noteAmountCents: loanServicing.noteAmountCents,
      servicingRatePercent: loanServicing.ratePercent,
      sheetRatePercent: sql<number | null>`(
        select ${termSheet.ratePercent} from ${termSheet}
         where ${termSheet.loanId} = ${loan.id} and ${termSheet.status} = 'accepted'
         order by ${termSheet.createdAt} desc limit 1)`.mapWith(Number),
    })
    .from(deal)
    .innerJoin(loan, eq(loan.id, deal.loanId))
    .leftJoin(loanServicing, eq(loanServicing.loanId, loan.id))
    .where(eq(deal.id, dealId)),
);

/**
 * The loan deal `dealId` offers, with its note amount (cents, the closing record's) and note rate
 * (percent a year: the closing record's, else the newest accepted term sheet's, as
 * `loanFigures`), or null when it links none (a deleted deal still answers: callers that hide
 * deleted deals check the deal themselves). One statement, keyed by the deal's id alone, so a
 * page reads it together with the deal (issue 26: two database waits a page).
 */
export async function dealLoan(dealId: string, tx: Reader = db()): Promise<DealLoan | null> {
  if (!isUuid(dealId)) return null;
  const [row] = await loanOfDeal(bound('dealId', dealId), tx);
  if (!row) return null;
  return {
    loanId: row.loanId,
    reference: row.reference ?? '',
    stage: row.stage,
    noteAmountCents: row.noteAmountCents ?? null,
    noteRatePercent: row.servicingRatePercent ?? row.sheetRatePercent ?? null,
  };
}

/**
 * Refuses investor rate `investorRatePercent` on deal `dealId` when it is above the note rate of
 * the loan the deal offers (the spread would be negative). Nothing for a deal without a loan.
 * @throws Refused('invalid') naming both rates.
 */
export async function checkInvestorRate(dealId: string | null, investorRatePercent: number): Promise<void> {
  if (!dealId) return;
  const offered = await dealLoan(dealId);
  if (offered?.noteRatePercent == null) return;
  if (Math.round(investorRatePercent * 1000) > Math.round(offered.noteRatePercent * 1000))
    throw new Refused(
      'invalid',
      `The investor rate (${percent(investorRatePercent)}) cannot be above the note rate of loan ${offered.reference} (${percent(offered.noteRatePercent)}).`,
      'Investor rate too high',
    );
}
