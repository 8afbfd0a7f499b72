/**
 * The staff's views of positions (issue 25 "Lender's staff": "per deal: positions, funds received,
 * the lender's share, distributions paid; per investor: the same across deals"). Shares are
 * amount ÷ note amount, exact, shown with `shareText`; distributions paid are the lines of runs
 * marked paid. Positions are recorded by positions.server.ts.
 *
 * Units: cents, percent a year, the lender's days 'YYYY-MM-DD'.
 */
import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Cents } from '~/lib/money';
import { monthlySplit, shareText, spreadPercent } from '~/lib/returns/positions';
import type { FeesTo } from '~/lib/returns/vocabulary';
import type { PaymentMethod } from '~/lib/servicing/vocabulary';
import { db } from '../../db/client.server';
import { isUuid } from '../../db/query.server';
import { bound, preparedRead } from '../../db/prepared.server';
import { deal, distributionLine, distributionRun, loan, loanServicing, position, softCommitment, user } from '../../db/schema';
import { dealLoan, type DealLoan } from './offering.server';

/** A position as the staff's tables show it. */
export interface PositionRow {
  id: string;
  investorId: string;
  investorName: string;
  investorEmail: string;
  dealId: string;
  dealTitle: string;
  loanReference: string;
  amountCents: Cents;
  noteAmountCents: Cents;
  /** amount ÷ note amount as a percent to four decimals (`shareText`). */
  share: string;
  fundedOn: string;
  method: PaymentMethod;
  reference: string;
  /** Distributions paid on it so far, cents. */
  paidCents: Cents;
}

const positionColumns = {
  id: position.id,
  investorId: position.investorId,
  investorName: user.name,
  investorEmail: user.email,
  dealId: position.dealId,
  dealTitle: deal.title,
  loanReference: loan.reference,
  amountCents: position.amountCents,
  noteAmountCents: loanServicing.noteAmountCents,
  fundedOn: position.fundedOn,
  method: position.method,
  reference: position.reference,
  /** Distributions paid (lines of runs marked paid) to the position, cents (interest + principal + fees). */
  paidCents: sql<string>`(
    select coalesce(sum(${distributionLine.interestCents} + ${distributionLine.principalCents} + ${distributionLine.feesCents}), 0)
      from ${distributionLine} inner join ${distributionRun} on ${distributionRun.id} = ${distributionLine.runId}
     where ${distributionLine.positionId} = ${position.id} and ${distributionRun.status} = 'paid')`,
};

/** The positions `where` selects, oldest funding first, each with its distributions paid: one statement. */
const positionsWhere = preparedRead('positions', (r, where) =>
  r
    .select(positionColumns)
    .from(position)
    .innerJoin(user, eq(user.id, position.investorId))
    .innerJoin(deal, eq(deal.id, position.dealId))
    .innerJoin(loan, eq(loan.id, position.loanId))
    .innerJoin(loanServicing, eq(loanServicing.loanId, position.loanId))
    .where(where as SQL)
    .orderBy(asc(position.fundedOn), asc(position.createdAt)),
);

/** The positions of one deal or of one investor (`by`), in order of funding, with their share and what was paid. */
async function positionRows(by: 'dealId' | 'investorId', id: string): Promise<PositionRow[]> {
  const column = by === 'dealId' ? position.dealId : position.investorId;
  const rows = await positionsWhere({ sql: eq(column, sql.placeholder('id')), shape: by, values: { id } });
  return rows.map((r) => ({
    ...r,
    loanReference: r.loanReference ?? '',
    share: shareText(r.amountCents, r.noteAmountCents),
    paidCents: Number(r.paidCents),
  }));
}

/** A confirmed amount waiting for its funds. */
export interface AwaitingFunds {
  commitmentId: string;
  investorId: string;
  investorName: string;
  investorEmail: string;
  /** The amount confirmed, cents. */
  amountCents: Cents;
}

/** One deal's positions for staff. */
export interface DealPositions {
  dealId: string;
  investorRatePercent: number;
  feesTo: FeesTo;
  /** The loan the deal offers, or null. */
  loan: DealLoan | null;
  positions: PositionRow[];
  /** Σ positions, cents. */
  fundsReceivedCents: Cents;
  /** The lender's own share: note amount − Σ positions (null before the loan is funded). */
  lender: { cents: Cents; share: string } | null;
  /** Σ distributions paid to the positions, cents. */
  paidCents: Cents;
  /** Note rate − investor rate, and a month of the note's interest split (`monthlySplit`); null without a note rate. */
  spread: { percent: number; monthly: ReturnType<typeof monthlySplit> | null } | null;
  /** Confirmed amounts whose funds are not recorded yet. */
  awaiting: AwaitingFunds[];
}

/** The deal's terms `dealPositions` needs: its investor rate (percent a year) and who takes the fees. */
export interface PositionsDeal {
  id: string;
  investorRatePercent: number;
  feesTo: FeesTo;
}

/** What a confirmed amount awaiting its funds shows: the amount, its investor. */
const awaitingColumns = {
  commitmentId: softCommitment.id,
  investorId: softCommitment.investorId,
  investorName: user.name,
  investorEmail: user.email,
  amount: softCommitment.amount,
};

/** The confirmed amounts of a deal (bound `dealId`), in order of arrival: those whose funds may be recorded. */
const confirmedAmounts = preparedRead('deal_confirmed_amounts', (r, dealId) =>
  r
    .select(awaitingColumns)
    .from(softCommitment)
    .innerJoin(user, eq(user.id, softCommitment.investorId))
    .where(and(eq(softCommitment.dealId, dealId), eq(softCommitment.status, 'confirmed')))
    .orderBy(asc(softCommitment.queuedAt), asc(softCommitment.id)),
);

/** Deal `dealId`'s terms (`PositionsDeal`) unless it is missing or deleted. */
async function positionsDeal(dealId: string): Promise<PositionsDeal | null> {
  const [row] = await db()
    .select({ id: deal.id, investorRatePercent: deal.interestRate, feesTo: deal.feesTo })
    .from(deal)
    .where(and(eq(deal.id, dealId), isNull(deal.deletedAt)));
  return row ?? null;
}

/**
 * Deal `dealId`'s positions for staff: each with its investor, amount, share, funding day,
 * method, reference and distributions paid; the funds received, the lender's own share
 * (Σ positions + lender = note, exactly), the servicing spread (percent, and cents a month on the
 * positions), and the confirmed amounts waiting for funds. `target` is the deal's read when the
 * caller shares it (the demand page's `demandDeal`). Every read is keyed by the id and sent
 * together with the deal's (issue 26: one database wait). Null for no such deal (or deleted;
 * whatever was read with it is discarded).
 */
export async function dealPositions(dealId: string, target?: Promise<PositionsDeal | null>): Promise<DealPositions | null> {
  if (!isUuid(dealId)) return null;
  const [d, offered, positions, awaiting] = await Promise.all([
    target ?? positionsDeal(dealId),
    dealLoan(dealId),
    positionRows('dealId', dealId),
    confirmedAmounts(bound('dealId', dealId)),
  ]);
  if (!d) return null;
  const fundsReceivedCents = positions.reduce((sum, p) => sum + p.amountCents, 0);
  const note = offered?.noteAmountCents ?? null;
  const noteRate = offered?.noteRatePercent ?? null;
  return {
    dealId: d.id,
    investorRatePercent: d.investorRatePercent,
    feesTo: d.feesTo,
    loan: offered,
    positions,
    fundsReceivedCents,
    lender: note === null ? null : { cents: note - fundsReceivedCents, share: shareText(note - fundsReceivedCents, note) },
    paidCents: positions.reduce((sum, p) => sum + p.paidCents, 0),
    spread:
      noteRate === null
        ? null
        : {
            percent: spreadPercent(noteRate, d.investorRatePercent),
            monthly:
              note === null || d.investorRatePercent > noteRate
                ? null
                : monthlySplit(
                    {
                      noteAmountCents: note,
                      noteRatePercent: noteRate,
                      investorRatePercent: d.investorRatePercent,
                      feesTo: d.feesTo,
                    },
                    fundsReceivedCents,
                  ),
          },
    awaiting: awaiting.map(({ amount, ...a }) => ({ ...a, amountCents: amount * 100 })),
  };
}

/** One investor's positions across deals for staff. */
export interface InvestorHoldings {
  investor: { id: string; name: string; email: string };
  positions: PositionRow[];
  /** Σ positions, cents. */
  fundsReceivedCents: Cents;
  /** Σ distributions paid, cents. */
  paidCents: Cents;
  /** Confirmed amounts waiting for funds, with their deal. */
  awaiting: (AwaitingFunds & { dealId: string; dealTitle: string })[];
}

/**
 * Investor `investorId`'s positions across deals for staff (each as in `dealPositions`), their
 * funds received and distributions paid, and their confirmed amounts waiting for funds. Null
 * when there is no such user.
 */
export async function investorHoldingsForStaff(investorId: string): Promise<InvestorHoldings | null> {
  if (!investorId || investorId.length > 100) return null;
  const [who] = await db().select({ id: user.id, name: user.name, email: user.email }).from(user).where(eq(user.id, investorId));
  if (!who) return null;
  const [positions, awaiting] = await Promise.all([
    positionRows('investorId', investorId),
    db()
      .select({
        ...awaitingColumns,
        dealId: deal.id,
        dealTitle: deal.title,
      })
      .from(softCommitment)
      .innerJoin(user, eq(user.id, softCommitment.investorId))
      .innerJoin(deal, eq(deal.id, softCommitment.dealId))
      .where(and(eq(softCommitment.investorId, investorId), eq(softCommitment.status, 'confirmed'), isNull(deal.deletedAt)))
      .orderBy(asc(softCommitment.queuedAt)),
  ]);
  return {
    investor: who,
    positions,
    fundsReceivedCents: positions.reduce((sum, p) => sum + p.amountCents, 0),
    paidCents: positions.reduce((sum, p) => sum + p.paidCents, 0),
    awaiting: awaiting.map(({ amount, ...a }) => ({ ...a, amountCents: amount * 100 })),
  };
}
