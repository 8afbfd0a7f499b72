/**
 * The reads of a funded loan's servicing that the loan pages show (issue 26, decision 0010 "Fifth
 * pass"): its closing record, ledger entries, latest approved extension, holdback budget lines,
 * what draws hold of each line, its draws with their lines and files. Each is a select of the loan
 * the bound SQL `id` names (`loanBound`: an id, or SQL finding the loan for its viewer), so it is
 * read alone where one is needed (ledger.server.ts, draw-views.server.ts, each `preparedRead`) and
 * all together, one statement, for a loan page (`loanServicingParts`).
 * Units: cents, the lender's days 'YYYY-MM-DD'.
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { db, type Reader } from '../../db/client.server';
import { preparedParts, type BoundSql } from '../../db/prepared.server';
import {
  document,
  drawFile,
  drawLine,
  drawRequest,
  extensionRequest,
  holdbackLine,
  ledgerEntry,
  loanServicing,
} from '../../db/schema';
import { isLoanRead, loanBound, type Loan, type LoanRead } from '../loans/loan.server';

/** The closing record (none when the loan is not boarded). */
export const servicingPart = (r: Reader, id: BoundSql) => r.select().from(loanServicing).where(eq(loanServicing.loanId, id));

/** Every ledger entry, in the order recorded. */
export const entriesPart = (r: Reader, id: BoundSql) =>
  r.select().from(ledgerEntry).where(eq(ledgerEntry.loanId, id)).orderBy(asc(ledgerEntry.seq));

/** The latest new maturity of the approved extensions (one row, or none). */
export const extensionPart = (r: Reader, id: BoundSql) =>
  r
    .select({ on: extensionRequest.newMaturityOn })
    .from(extensionRequest)
    .where(and(eq(extensionRequest.loanId, id), eq(extensionRequest.status, 'approved')))
    .orderBy(desc(extensionRequest.newMaturityOn))
    .limit(1);

/** The holdback budget's lines, in position order. */
export const budgetLinesPart = (r: Reader, id: BoundSql) =>
  r.select().from(holdbackLine).where(eq(holdbackLine.loanId, id)).orderBy(asc(holdbackLine.position));

/** Each draw line's line, its draw's status and its requested and approved cents. */
export const lineUsesPart = (r: Reader, id: BoundSql) =>
  r
    .select({
      lineId: drawLine.lineId,
      status: drawRequest.status,
      requested: drawLine.requestedCents,
      approved: drawLine.approvedCents,
    })
    .from(drawLine)
    .innerJoin(drawRequest, eq(drawRequest.id, drawLine.drawId))
    .where(eq(drawRequest.loanId, id));

/** The loan's draws, newest (highest number) first. */
export const drawsPart = (r: Reader, id: BoundSql) =>
  r
    .select()
    .from(drawRequest)
    .where(eq(drawRequest.loanId, id))
    .orderBy(sql`${drawRequest.number} desc`);

const drawIdsOf = (r: Reader, id: BoundSql) =>
  r.select({ id: drawRequest.id }).from(drawRequest).where(eq(drawRequest.loanId, id));

/** The lines of the loan's draws, with their budget line's description, in budget order. */
export const drawLinesPart = (r: Reader, id: BoundSql) =>
  r
    .select({
      drawId: drawLine.drawId,
      lineId: drawLine.lineId,
      description: holdbackLine.description,
      requestedCents: drawLine.requestedCents,
      percentComplete: drawLine.percentComplete,
      approvedCents: drawLine.approvedCents,
    })
    .from(drawLine)
    .innerJoin(holdbackLine, eq(holdbackLine.id, drawLine.lineId))
    .where(inArray(drawLine.drawId, drawIdsOf(r, id)))
    .orderBy(asc(holdbackLine.position));

/** The files of the loan's draws (document id, name, kind), oldest first. */
export const drawFilesPart = (r: Reader, id: BoundSql) =>
  r
    .select({ drawId: drawFile.drawId, documentId: drawFile.documentId, name: document.fileName, kind: drawFile.kind })
    .from(drawFile)
    .innerJoin(document, eq(document.id, drawFile.documentId))
    .where(inArray(drawFile.drawId, drawIdsOf(r, id)))
    .orderBy(asc(document.createdAt), asc(document.fileName));

const allParts = preparedParts('loan_servicing_parts', {
  servicing: servicingPart,
  entries: entriesPart,
  extension: extensionPart,
  budgetLines: budgetLinesPart,
  lineUses: lineUsesPart,
  draws: drawsPart,
  drawLines: drawLinesPart,
  drawFiles: drawFilesPart,
});

/** Every servicing part of one loan, as `loanServicingParts` gives them (rows as each part's select gives them). */
export type LoanServicingParts = Awaited<ReturnType<typeof allParts>>;

const partsOfRead = new WeakMap<LoanRead, Promise<LoanServicingParts>>();

/**
 * Every servicing part of `l` (the row, or a `LoanRead` whose parts go in the loan's own wait), in
 * one statement. A `LoanRead` lives for one request, so the parts of its page that each need them
 * (the Servicing view, the draws) share one read of it; a row's are read afresh each time (a row
 * may outlive a change). In a transaction `tx`, read there, afresh.
 */
export function loanServicingParts(l: Loan | LoanRead, tx: Reader = db()): Promise<LoanServicingParts> {
  if (!isLoanRead(l) || tx !== db()) return allParts(loanBound(l.id), tx);
  let read = partsOfRead.get(l);
  if (!read) partsOfRead.set(l, (read = allParts(loanBound(l.id))));
  return read;
}
