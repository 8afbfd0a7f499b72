/**
 * What the pages read of a loan's draws (issue 24 "Draw requests"): the holdback budget by line
 * (budget, drawn, pending, remaining), the loan's draws with each step's time, one draw, what the
 * loan pages show, and the boarded draw terms. Read-only; the steps that change draws are
 * draws.server.ts's. The caller found the loan for its viewer (`borrowerLoan` / `staffLoan`).
 * Units: cents, percent 0–100, the lender's days 'YYYY-MM-DD'.
 */
import type { Cents } from '~/lib/money';
import { sumCents, type BudgetView, type DrawView, type LoanDrawsView } from '~/lib/servicing/draws';
import { db, type Reader } from '../../db/client.server';
import { preparedRead } from '../../db/prepared.server';
import { loanBound, loanRowOf, type Loan, type LoanId, type LoanRead } from '../loans/loan.server';
import { servicingOf } from './ledger.server';
import {
  budgetLinesPart,
  drawFilesPart,
  drawLinesPart,
  drawsPart,
  lineUsesPart,
  loanServicingParts,
  type LoanServicingParts,
} from './loan-reads.server';

/** The draw views' reads of one loan, each prepared once per shape of the loan's id (db/prepared.server.ts). */
const drawReads = {
  budgetLines: preparedRead('holdback_lines', budgetLinesPart),
  lineUses: preparedRead('holdback_line_uses', lineUsesPart),
  draws: preparedRead('loan_draws', drawsPart),
  drawLines: preparedRead('loan_draw_lines', drawLinesPart),
  drawFiles: preparedRead('loan_draw_files', drawFilesPart),
};

/**
 * The holdback budget of loan `loanId` by line, in position order, with totals (cents): drawn =
 * the approved cents of funded draws; pending = what open draws hold (requested while Submitted or
 * in Inspection, approved once Approved); remaining = budget − drawn; available = remaining −
 * pending, what a new draw may ask. A loan without a holdback has no lines (totals 0).
 */
export async function holdbackBudget(loanId: LoanId, tx: Reader = db()): Promise<BudgetView> {
  const id = loanBound(loanId);
  const [lines, used] = await Promise.all([drawReads.budgetLines(id, tx), drawReads.lineUses(id, tx)]);
  return budgetOf(lines, used);
}

/** The budget view (`holdbackBudget`) of a loan's budget lines and what its draws hold of them. */
function budgetOf(
  lines: Pick<LoanServicingParts, 'budgetLines'>['budgetLines'],
  used: Pick<LoanServicingParts, 'lineUses'>['lineUses'],
): BudgetView {
  const view = lines.map((line) => {
    let drawnCents = 0;
    let pendingCents = 0;
    for (const u of used) {
      if (u.lineId !== line.id) continue;
      if (u.status === 'funded') drawnCents += u.approved ?? 0;
      else if (u.status === 'approved') pendingCents += u.approved ?? 0;
      else if (u.status === 'submitted' || u.status === 'inspection') pendingCents += u.requested;
    }
    const remainingCents = line.budgetCents - drawnCents;
    return {
      id: line.id,
      position: line.position,
      description: line.description,
      budgetCents: line.budgetCents,
      drawnCents,
      pendingCents,
      remainingCents,
      availableCents: Math.max(0, remainingCents - pendingCents),
    };
  });
  const total = (key: keyof (typeof view)[number] & `${string}Cents`) => sumCents(view.map((l) => l[key]));
  return {
    lines: view,
    totals: {
      budgetCents: total('budgetCents'),
      drawnCents: total('drawnCents'),
      pendingCents: total('pendingCents'),
      remainingCents: total('remainingCents'),
      availableCents: total('availableCents'),
    },
  };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The draws of loan `loanId`, newest first, each with its status, each step's moment (ISO), the
 * requested and approved totals (cents; approved null before the approval), the fee, staff's
 * reason, the lines (by budget position) and the files (document id, name, kind).
 */
export async function drawsOfLoan(loanId: LoanId, tx: Reader = db()): Promise<DrawView[]> {
  // The draws, their lines and their files together: one database wait (issue 26).
  const id = loanBound(loanId);
  const [draws, lines, files] = await Promise.all([
    drawReads.draws(id, tx),
    drawReads.drawLines(id, tx),
    drawReads.drawFiles(id, tx),
  ]);
  return drawViewsOf({ draws, drawLines: lines, drawFiles: files });
}

/** The draw views (`drawsOfLoan`) of a loan's draws, their lines and their files. */
function drawViewsOf({
  draws,
  drawLines: lines,
  drawFiles: files,
}: Pick<LoanServicingParts, 'draws' | 'drawLines' | 'drawFiles'>): DrawView[] {
  return draws.map((d) => {
    const own = lines.filter((l) => l.drawId === d.id);
    const approvedKnown = d.approvedAt !== null;
    return {
      id: d.id,
      number: d.number,
      status: d.status,
      submittedAt: d.submittedAt.toISOString(),
      inspectedAt: iso(d.inspectedAt),
      approvedAt: iso(d.approvedAt),
      fundedAt: iso(d.fundedAt),
      declinedAt: iso(d.declinedAt),
      requestedCents: sumCents(own.map((l) => l.requestedCents)),
      approvedCents: approvedKnown ? sumCents(own.map((l) => l.approvedCents ?? 0)) : null,
      feeCents: d.feeCents,
      reason: d.decisionReason,
      accessNotes: d.accessNotes,
      lines: own.map(({ drawId: _d, ...l }) => l),
      files: files.filter((f) => f.drawId === d.id).map(({ drawId: _d, ...f }) => f),
    };
  });
}

/** Draw `number` of loan `loanId`, or null (none, or not a draw of that loan). */
export async function drawOfLoan(loanId: string, number: number, tx: Reader = db()): Promise<DrawView | null> {
  if (!Number.isSafeInteger(number) || number < 1) return null;
  return (await drawsOfLoan(loanId, tx)).find((d) => d.number === number) ?? null;
}

/**
 * What the loan pages show of `l`'s draws: its budget by line, its draws newest first, the
 * boarded fee, and whether the borrower may ask for a draw now. Null for a loan not boarded or
 * without a holdback, or not there. `l` is the row the caller found (`borrowerLoan`, `staffLoan`)
 * or a `LoanRead`; either way the loan and its servicing parts (`loanServicingParts`: closing record,
 * budget, draws) are read together, the parts in one statement.
 */
export async function loanDraws(of: Loan | LoanRead, tx: Reader = db()): Promise<LoanDrawsView | null> {
  const [l, parts] = await Promise.all([loanRowOf(of), loanServicingParts(of, tx)]);
  const s = parts.servicing[0];
  if (!l || !s || s.holdbackCents <= 0) return null;
  const budget = budgetOf(parts.budgetLines, parts.lineUses);
  return {
    budget,
    draws: drawViewsOf(parts),
    feeCents: s.drawFeeCents,
    canRequest: l.stage === 'funded' && budget.totals.availableCents > 0,
  };
}

/** The boarded draw fee of `l` in cents, and whether it can be drawn on (funded with a holdback). */
export async function drawTerms(l: Loan, tx: Reader = db()): Promise<{ feeCents: Cents; drawable: boolean } | null> {
  const s = await servicingOf(l.id, tx);
  if (!s) return null;
  return { feeCents: s.drawFeeCents, drawable: l.stage === 'funded' && s.holdbackCents > 0 };
}
