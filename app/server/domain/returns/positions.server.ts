/**
 * Positions (issue 25 "From deal to loan to positions"; app/lib/returns/README.md "Terms"): staff
 * record a confirmed investor's funds received, and the amount becomes a position, a fractional
 * interest in the deal's funded loan whose share is amount ÷ note amount, exactly; the lender's
 * own share is the rest. The staff's views of them are holdings.server.ts.
 *
 * Units: cents, percent a year, the lender's days 'YYYY-MM-DD'.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { formatCalendarDay, isCalendarDay, lenderDay, usdCents } from '~/lib/format';
import type { Cents } from '~/lib/money';
import type { PaymentMethod } from '~/lib/servicing/vocabulary';
import { db, type Transaction } from '../../db/client.server';
import { isUuid } from '../../db/query.server';
import { deal, ledgerEntry, loan, loanServicing, position, softCommitment } from '../../db/schema';
import { NotFound, Refused } from '../../errors.server';
import { audit, type Actor } from '../audit.server';
import { moveCommitmentIn } from '../investing/commitments.server';
import { lockServicing } from '../servicing/ledger.server';

/** Funds received for one confirmed amount, as staff enter them. */
export interface FundsReceived {
  /** The lender's day the funds arrived; not in the future. */
  receivedOn: string;
  /** Cents received; the amount confirmed when left out. */
  amountCents?: Cents;
  method: PaymentMethod;
  reference?: string | null;
}

/** A recorded position. */
export type Position = typeof position.$inferSelect;

const TITLE = 'Funds not recorded';

/** The constraint named by a database error (drizzle wraps the driver's error as `cause`). */
function constraintOf(error: unknown, depth = 0): string | null {
  if (!error || typeof error !== 'object' || depth > 5) return null;
  const { constraint, cause } = error as { constraint?: unknown; cause?: unknown };
  return typeof constraint === 'string' ? constraint : constraintOf(cause, depth + 1);
}

/** Principal the ledger of loan `loanId` has collected so far (payments, suspense applied and payoffs less reversals), cents. */
async function principalRepaid(tx: Transaction, loanId: string): Promise<Cents> {
  const [row] = await tx
    .select({
      cents: sql<string>`coalesce(sum(case when ${ledgerEntry.kind} = 'payment-reversal' then -${ledgerEntry.principalCents} else ${ledgerEntry.principalCents} end), 0)`,
    })
    .from(ledgerEntry)
    .where(and(eq(ledgerEntry.loanId, loanId), inArray(ledgerEntry.kind, ['payment', 'payoff', 'payment-reversal', 'suspense-applied'])));
  return Number(row?.cents ?? 0);
}

/**
 * Staff record `funds` received for confirmed amount `commitmentId`: in one transaction, under
 * the loan's servicing lock (then the deal's and the amount's), a position of the funds' amount
 * on the deal's loan is stored and the amount moves to Funded the one way staff moves go
 * (`moveCommitmentIn`: its audit event, the investor's notification and e-mail); the position is
 * audited ('position.recorded'). A second recording of one amount is refused, nothing doubled.
 * With `dealId`, an amount on another deal is not found. Returns the position.
 * @throws NotFound for no such amount; Refused('invalid') for a day that is no day or in the
 *   future, or an amount that is not positive whole cents; Refused('conflict') when the amount is
 *   already funded or not confirmed, its deal links no loan, the loan is not funded or has no
 *   closing record, principal has been repaid, the positions would exceed the note amount (also
 *   the trigger position_within_note), the investor already holds a position on the loan, or the
 *   deal's investor rate is above the note rate.
 */
export async function recordFundsReceived(
  actor: Actor,
  commitmentId: string,
  funds: FundsReceived,
  {
    dealId,
    today = lenderDay(),
  }: { /** The deal the amount must be on (a page's deal). */ dealId?: string; today?: string } = {},
): Promise<Position> {
  if (!isUuid(commitmentId)) throw new NotFound('This amount does not exist.');
  if (!isCalendarDay(funds.receivedOn)) throw new Refused('invalid', 'Please enter the date received as a date.', TITLE);
  if (funds.receivedOn > today) throw new Refused('invalid', 'The date received cannot be in the future.', TITLE);
  if (funds.amountCents !== undefined && (!Number.isSafeInteger(funds.amountCents) || funds.amountCents <= 0))
    throw new Refused('invalid', 'The amount received must be at least $0.01.', TITLE);
  const [found] = await db()
    .select({ loanId: deal.loanId })
    .from(softCommitment)
    .innerJoin(deal, eq(deal.id, softCommitment.dealId))
    .where(and(eq(softCommitment.id, commitmentId), isNull(deal.deletedAt), dealId ? eq(deal.id, dealId) : undefined));
  if (!found) throw new NotFound('This amount does not exist.');
  if (!found.loanId) throw new Refused('conflict', 'This deal is not linked to a loan yet: link it first.', TITLE);
  const loanId = found.loanId;
  const [boarded] = await db().select({ id: loanServicing.loanId }).from(loanServicing).where(eq(loanServicing.loanId, loanId));
  if (!boarded) throw new Refused('conflict', 'The loan has no closing record yet: funds are recorded once it is funded.', TITLE);

  try {
    return await db().transaction(async (tx) => {
      const s = await lockServicing(tx, loanId);
      // Under the lock every recording on this loan runs one after the other: this read sees theirs.
      const [c] = await tx
        .select({ c: softCommitment, investorRate: deal.interestRate, dealId: deal.id, stage: loan.stage })
        .from(softCommitment)
        .innerJoin(deal, eq(deal.id, softCommitment.dealId))
        .innerJoin(loan, eq(loan.id, loanId))
        .where(eq(softCommitment.id, commitmentId));
      if (!c) throw new NotFound('This amount does not exist.');
      if (c.c.status === 'funded') throw new Refused('conflict', 'This amount is already funded.', 'Already funded');
      if (c.c.status !== 'confirmed')
        throw new Refused('conflict', 'Only a confirmed amount can be funded: confirm it first.', TITLE);
      if (c.stage !== 'funded')
        throw new Refused('conflict', 'The loan is not funded (or is paid off): no position can be recorded.', TITLE);
      if (Math.round(c.investorRate * 1000) > Math.round(s.ratePercent * 1000))
        throw new Refused('conflict', 'The deal’s investor rate is above the note rate: lower it on the deal first.', TITLE);
      if ((await principalRepaid(tx, loanId)) > 0)
        throw new Refused(
          'conflict',
          'Principal has already been repaid on this loan: a position can only be recorded before any principal comes back.',
          TITLE,
        );
      const amountCents = funds.amountCents ?? c.c.amount * 100;
      const [held] = await tx
        .select({ cents: sql<string>`coalesce(sum(${position.amountCents}), 0)` })
        .from(position)
        .where(eq(position.loanId, loanId));
      const free = s.noteAmountCents - Number(held?.cents ?? 0);
      if (amountCents > free) throw overNote(free);
      await moveCommitmentIn(
        tx,
        actor,
        commitmentId,
        'funded',
        `Funds of ${usdCents(amountCents)} received on ${formatCalendarDay(funds.receivedOn)}.`,
        {
          loan: loanId,
        },
      );
      const [p] = await tx
        .insert(position)
        .values({
          dealId: c.dealId,
          loanId,
          investorId: c.c.investorId,
          commitmentId,
          amountCents,
          fundedOn: funds.receivedOn,
          method: funds.method,
          reference: funds.reference?.trim() ?? '',
          recordedBy: actor.id,
        })
        .returning();
      await audit(
        actor,
        'position.recorded',
        { type: 'position', id: p!.id },
        { dealId: c.dealId, loanId, commitmentId, amountCents, fundedOn: funds.receivedOn, method: funds.method },
        tx,
      );
      return p!;
    });
  } catch (error) {
    switch (constraintOf(error)) {
      case 'position_within_note':
        throw overNote(null);
      case 'position_commitment_unique':
        throw new Refused('conflict', 'This amount is already funded.', 'Already funded');
      case 'position_loan_investor_idx':
        throw new Refused('conflict', 'This investor already holds a position on this loan.', TITLE);
      default:
        throw error;
    }
  }
}

function overNote(free: Cents | null): Refused {
  return new Refused(
    'conflict',
    free === null
      ? 'The positions would add up to more than the note amount.'
      : `The positions would add up to more than the note amount: ${usdCents(Math.max(0, free))} of the note is left.`,
    TITLE,
  );
}
