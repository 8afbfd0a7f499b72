/**
 * What app/lib/returns/allocation.ts needs to split a loan's cash (issue 25 "Distributions"):
 * for each loan a deal funds, its split terms (note amount and rate from the closing record, the
 * deal's investor rate and fees rule), its positions and its ledger entries in the order
 * recorded. Four queries for any number of loans, whatever their size.
 *
 * Units: cents, percent, the lender's days.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import type { Holding, SplitTerms } from '~/lib/returns/allocation';
import { db, type Reader } from '../../db/client.server';
import { deal, ledgerEntry, loanServicing, position } from '../../db/schema';
import { stored, type StoredEntry } from '../servicing/ledger.server';

/** A position as the split and the pages name it. */
export interface HeldPosition extends Holding {
  investorId: string;
  dealId: string;
}

/** One loan's inputs to `allocateLedger`. */
export interface LoanSplit {
  loanId: string;
  dealId: string;
  terms: SplitTerms;
  holdings: HeldPosition[];
  entries: StoredEntry[];
}

/**
 * The split inputs of each loan in `loanIds` that a deal funds (loans without a deal are left
 * out), read in `tx` (a transaction sees its own locks and writes).
 */
export async function loanSplits(loanIds: readonly string[], tx: Reader = db()): Promise<Map<string, LoanSplit>> {
  const result = new Map<string, LoanSplit>();
  if (loanIds.length === 0) return result;
  const ids = [...new Set(loanIds)];
  // One after the other: `tx` may be a transaction, whose one connection takes one query at a time.
  const loans = await tx
    .select({
      loanId: loanServicing.loanId,
      dealId: deal.id,
      noteAmountCents: loanServicing.noteAmountCents,
      noteRatePercent: loanServicing.ratePercent,
      investorRatePercent: deal.interestRate,
      feesTo: deal.feesTo,
    })
    .from(loanServicing)
    .innerJoin(deal, eq(deal.loanId, loanServicing.loanId))
    .where(inArray(loanServicing.loanId, ids));
  const holdings = await tx
    .select({
      id: position.id,
      loanId: position.loanId,
      dealId: position.dealId,
      investorId: position.investorId,
      amountCents: position.amountCents,
      fundedOn: position.fundedOn,
    })
    .from(position)
    .where(inArray(position.loanId, ids))
    .orderBy(asc(position.fundedOn), asc(position.createdAt));
  const rows = await tx
    .select()
    .from(ledgerEntry)
    .where(inArray(ledgerEntry.loanId, ids))
    .orderBy(asc(ledgerEntry.loanId), asc(ledgerEntry.seq));
  for (const l of loans)
    result.set(l.loanId, {
      loanId: l.loanId,
      dealId: l.dealId,
      terms: {
        noteAmountCents: l.noteAmountCents,
        noteRatePercent: l.noteRatePercent,
        investorRatePercent: l.investorRatePercent,
        feesTo: l.feesTo,
      },
      holdings: [],
      entries: [],
    });
  for (const h of holdings) {
    const { loanId, ...held } = h;
    result.get(loanId)?.holdings.push(held);
  }
  for (const r of rows) result.get(r.loanId)?.entries.push(stored(r));
  return result;
}
