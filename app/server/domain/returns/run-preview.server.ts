/**
 * What a distribution run would pay (issue 25 "Distribution runs"; the rules in
 * app/lib/returns/README.md "Runs"): every loan with positions has its whole ledger split by
 * app/lib/returns/allocation.ts `allocateLedger`, and the run takes the splits of the entries
 * dated up to the period's last day that no earlier run distributed (an entry is distributed
 * once: its lines are unique per entry and party). Computed, nothing stored; `approveRun` writes
 * what this returns, inside its transaction. Also the grouping of lines into each investor's
 * loans, shared by the preview and the stored lines.
 *
 * Units: integer cents; the lender's days 'YYYY-MM-DD'.
 */
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import { allocateLedger } from '~/lib/returns/allocation';
import type { EntryPart, InvestorDistribution, LoanPart, Parts, RunTotals } from '~/lib/returns/distribution';
import { db, type Reader } from '../../db/client.server';
import { deal, distributionLine, distributionPayment, distributionRun, loan, position, user } from '../../db/schema';
import { loanSplits } from './split.server';

/** One line a run writes: a position's part of an entry, or the lender's (no position) with the spread. */
export interface RunLine extends Parts {
  entryId: string;
  loanId: string;
  positionId: string | null;
  investorId: string | null;
  day: string;
  spreadCents: number;
}

/** A run's figures: its totals, each investor's distribution (by name) and the lines to write. */
export interface RunFigures {
  totals: RunTotals;
  investors: InvestorDistribution[];
  lines: RunLine[];
}

/** A position's line as the grouping reads it. */
export interface InvestorLine extends Parts {
  investorId: string;
  loanId: string;
  entryId: string;
  day: string;
}

/** The one order of a run's investors, on every page and in the bank file: by name, then id. */
export const RUN_INVESTOR_ORDER = [asc(user.name), asc(user.id)] as const;

const sumParts = (rows: readonly Parts[]): Parts => ({
  interestCents: rows.reduce((s, r) => s + r.interestCents, 0),
  principalCents: rows.reduce((s, r) => s + r.principalCents, 0),
  feesCents: rows.reduce((s, r) => s + r.feesCents, 0),
});

/** Each loan's reference and its deal's title. */
export async function loanNames(loanIds: readonly string[], tx: Reader = db()) {
  const names = new Map<string, { reference: string; title: string }>();
  if (!loanIds.length) return names;
  const rows = await tx
    .select({ id: loan.id, reference: loan.reference, title: deal.title })
    .from(loan)
    .innerJoin(deal, eq(deal.loanId, loan.id))
    .where(inArray(loan.id, [...new Set(loanIds)]));
  for (const r of rows) names.set(r.id, { reference: r.reference ?? '', title: r.title });
  return names;
}

/**
 * Each investor's name and e-mail, in the order the run's pages list investors: by name, then id,
 * as the database collates them (the stored run's pages are read in the same ORDER BY, so an open
 * run and the same run approved list its investors alike).
 */
export async function investorNames(investorIds: readonly string[], tx: Reader = db()) {
  const names = new Map<string, { name: string; email: string }>();
  if (!investorIds.length) return names;
  const rows = await tx
    .select({ id: user.id, name: user.name, email: user.email })
    .from(user)
    .where(inArray(user.id, [...new Set(investorIds)]))
    .orderBy(...RUN_INVESTOR_ORDER);
  for (const r of rows) names.set(r.id, { name: r.name, email: r.email });
  return names;
}

/** `lines` grouped by investor, then by loan (by reference), each loan's entries by day. */
export function loansByInvestor(
  lines: readonly InvestorLine[],
  names: Map<string, { reference: string; title: string }>,
): Map<string, LoanPart[]> {
  const byInvestor = new Map<string, Map<string, EntryPart[]>>();
  for (const l of lines) {
    const loans = byInvestor.get(l.investorId) ?? new Map<string, EntryPart[]>();
    byInvestor.set(l.investorId, loans);
    const entries = loans.get(l.loanId) ?? [];
    loans.set(l.loanId, entries);
    entries.push({
      entryId: l.entryId,
      day: l.day,
      interestCents: l.interestCents,
      principalCents: l.principalCents,
      feesCents: l.feesCents,
    });
  }
  const result = new Map<string, LoanPart[]>();
  for (const [investorId, loans] of byInvestor)
    result.set(
      investorId,
      [...loans]
        .map(([loanId, entries]) => ({
          loanId,
          loanReference: names.get(loanId)?.reference ?? '',
          dealTitle: names.get(loanId)?.title ?? '',
          ...sumParts(entries),
          entries: entries.sort((a, b) => a.day.localeCompare(b.day)),
        }))
        .sort((a, b) => a.loanReference.localeCompare(b.loanReference)),
    );
  return result;
}

/**
 * What each investor in `investorIds` carries into their next run: the `carried_out_cents` of
 * their latest payment (0 or negative; 0 without one).
 */
export async function carriedIn(investorIds: readonly string[], tx: Reader = db()): Promise<Map<string, number>> {
  const carried = new Map<string, number>();
  if (!investorIds.length) return carried;
  const rows = await tx
    .selectDistinctOn([distributionPayment.investorId], {
      investorId: distributionPayment.investorId,
      carriedOutCents: distributionPayment.carriedOutCents,
    })
    .from(distributionPayment)
    .innerJoin(distributionRun, eq(distributionRun.id, distributionPayment.runId))
    .where(inArray(distributionPayment.investorId, [...new Set(investorIds)]))
    .orderBy(distributionPayment.investorId, desc(distributionRun.number));
  for (const r of rows) carried.set(r.investorId, r.carriedOutCents);
  return carried;
}

/**
 * Each investor's distribution from their `lines`, with the shortfall each carries in from
 * `carried` (README "Runs": amount = max(0, lines + carried in), the rest carried out), in the
 * order of `people` (see investorNames).
 */
export function investorDistributions(
  lines: readonly InvestorLine[],
  loans: Map<string, { reference: string; title: string }>,
  people: Map<string, { name: string; email: string }>,
  carried: Map<string, number>,
): InvestorDistribution[] {
  const grouped = loansByInvestor(lines, loans);
  const order = new Map([...people.keys()].map((id, i) => [id, i]));
  const rank = (id: string) => order.get(id) ?? order.size;
  return [...grouped]
    .map(([investorId, parts]) => {
      const sum = sumParts(parts);
      const carriedInCents = carried.get(investorId) ?? 0;
      const net = sum.interestCents + sum.principalCents + sum.feesCents + carriedInCents;
      return {
        investorId,
        name: people.get(investorId)?.name ?? '',
        email: people.get(investorId)?.email ?? '',
        ...sum,
        carriedInCents,
        amountCents: Math.max(0, net),
        carriedOutCents: Math.min(0, net),
        loans: parts,
      };
    })
    .sort((a, b) => rank(a.investorId) - rank(b.investorId));
}

/**
 * The run for a period ending on `periodTo`: every loan with positions split over its whole
 * ledger, keeping the entries dated up to `periodTo` that no run distributed yet. A position's
 * line is kept when it moves money (a part of zero everywhere is left out); the lender's line
 * of each entry always is (it marks the entry distributed). Read in `tx` (under a run's lock,
 * the approval sees what it writes).
 * @throws RangeError from `allocateLedger` for a loan whose positions break its terms (never, as
 *   the database refuses them).
 */
export async function previewRun(periodTo: string, tx: Reader = db()): Promise<RunFigures> {
  const held = await tx.selectDistinct({ loanId: position.loanId }).from(position);
  const loanIds = held.map((h) => h.loanId);
  // One after the other: in a transaction the queries share one connection.
  const splits = await loanSplits(loanIds, tx);
  const done = loanIds.length
    ? await tx
        .select({ entryId: distributionLine.entryId })
        .from(distributionLine)
        .where(and(inArray(distributionLine.loanId, loanIds), isNull(distributionLine.positionId)))
    : [];
  const names = await loanNames(loanIds, tx);
  const distributed = new Set(done.map((d) => d.entryId));
  const lines: RunLine[] = [];
  const totals: RunTotals = { cashCents: 0, investorsCents: 0, lenderCents: 0, spreadCents: 0, payableCents: 0, investors: 0 };
  for (const split of splits.values()) {
    const investorOf = new Map(split.holdings.map((h) => [h.id, h.investorId]));
    for (const a of allocateLedger(split.entries, split.holdings, split.terms)) {
      if (a.day > periodTo || distributed.has(a.entryId)) continue;
      totals.cashCents += a.cashCents;
      totals.spreadCents += a.spreadCents;
      totals.lenderCents += a.lender.interestCents + a.lender.principalCents + a.lender.feesCents;
      for (const [positionId, p] of a.positions) {
        totals.investorsCents += p.interestCents + p.principalCents + p.feesCents;
        if (!p.interestCents && !p.principalCents && !p.feesCents) continue;
        lines.push({
          entryId: a.entryId,
          loanId: split.loanId,
          positionId,
          investorId: investorOf.get(positionId)!,
          day: a.day,
          ...p,
          spreadCents: 0,
        });
      }
      lines.push({
        entryId: a.entryId,
        loanId: split.loanId,
        positionId: null,
        investorId: null,
        day: a.day,
        ...a.lender,
        spreadCents: a.spreadCents,
      });
    }
  }
  const own = lines.filter((l): l is RunLine & { investorId: string } => l.investorId !== null);
  const investorIds = [...new Set(own.map((l) => l.investorId))];
  const people = await investorNames(investorIds, tx);
  const carried = await carriedIn(investorIds, tx);
  const investors = investorDistributions(own, names, people, carried);
  totals.investors = investors.length;
  totals.payableCents = investors.reduce((s, i) => s + i.amountCents, 0);
  return { totals, investors, lines };
}
