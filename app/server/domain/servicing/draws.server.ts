/**
 * Draw requests on a funded loan's holdback (issue 24 "Draw requests", staff "process draws"):
 * the borrower's request with its photos, invoices and lien waiver, and staff's steps Submitted → Inspection → Approved
 * (in full or in part, with the reason) → Funded, or Declined before Funded. What pages read of
 * draws is draw-views.server.ts.
 *
 * Every step runs in one transaction under the loan's servicing lock (`lockServicing`), so draw
 * numbers, the amounts available per line and the ledger move one change at a time; funding
 * appends the draw disbursement (and the draw fee) through `appendEntries`. Each step is audited
 * in its transaction and the borrower told (`tellBorrower` 'loan-draw-updated', their e-mail
 * preference honoured); a request tells the lender ('loan-draw-submitted').
 *
 * Units: cents, percent 0–100, the lender's days 'YYYY-MM-DD'. The rules are app/lib/servicing/draws.ts's.
 */
import { and, eq, sql } from 'drizzle-orm';
import { formatCalendarDay, lenderDay, usdCents } from '~/lib/format';
import type { Cents } from '~/lib/money';
import {
  sumCents,
  type ApproveDrawInput,
  type DrawFileKind,
  type DrawRequestInput,
  type InspectionInput,
} from '~/lib/servicing/draws';
import { DRAW_STATUSES, type DrawStatus } from '~/lib/servicing/vocabulary';
import { labelOf } from '~/lib/vocabulary';
import { db, type Transaction } from '../../db/client.server';
import { isUuid } from '../../db/query.server';
import { document, drawFile, drawLine, drawRequest, ledgerEntry } from '../../db/schema';
import { NotFound, Refused } from '../../errors.server';
import { logger } from '../../logger.server';
import { audit } from '../audit.server';
import { discardStaged, documentRows, UploadFailed, type StagedDocument, type Uploader } from '../loans/documents.server';
import { tellBorrower, tellLender, type Loan, type LoanActor } from '../loans/loan.server';
import { holdbackBudget } from './draw-views.server';
import { appendEntries, currentBalances, entryId, lockServicing, servicingOf, type Servicing } from './ledger.server';

type DrawRow = typeof drawRequest.$inferSelect;

/** Statuses whose draw still holds holdback money (not yet funded, not declined). */
const OPEN: DrawStatus[] = ['submitted', 'inspection', 'approved'];
const statusLabel = (s: DrawStatus) => labelOf(DRAW_STATUSES, s) ?? s;

const SUBMIT_FAILED = 'Draw not submitted';
const STEP_FAILED = 'Draw not updated';

/** The closing record of `l` when it is a funded loan with a holdback to draw on. @throws Refused('conflict') otherwise. */
async function drawableServicing(tx: Transaction, l: Loan, title: string): Promise<Servicing> {
  const s = l.stage === 'funded' ? await servicingOf(l.id, tx) : null;
  if (!s) throw new Refused('conflict', 'Draws can be requested only on a funded loan.', title);
  const locked = await lockServicing(tx, l.id);
  if (locked.holdbackCents <= 0) throw new Refused('conflict', 'This loan has no holdback to draw on.', title);
  return locked;
}

/** A file of a draw request, staged in storage by the upload: what it is and where. */
export interface StagedDrawFile {
  kind: DrawFileKind;
  staged: StagedDocument;
}

/**
 * The borrower's draw request on funded loan `l` (theirs: found by `borrowerLoan`): the amounts
 * per budget line of `input` (cents; each at most the line's available cents, the total more than
 * 0), the access notes and the attestation (its moment stored), and the `files` already staged
 * by the streaming upload, recorded as documents of the borrower and files of the draw. The draw
 * gets the loan's next number and the boarded draw fee; the lender is told, the borrower
 * notified, the request audited, all in one transaction. On any failure the staged files are
 * removed, so no file outlives a refused request. Returns the draw's id and number.
 * @throws Refused('conflict') for a loan not funded or without a holdback; Refused('invalid') for
 *   an amount over a line's available cents, a line not of the loan, no amount, no attestation;
 *   UploadFailed when the rows could not be written.
 */
export async function submitDraw(
  borrower: Uploader & LoanActor,
  l: Loan,
  input: DrawRequestInput,
  files: StagedDrawFile[],
): Promise<{ id: string; number: number }> {
  try {
    return await db().transaction(async (tx) => {
      const s = await drawableServicing(tx, l, SUBMIT_FAILED);
      if (!input.attest)
        throw new Refused('invalid', 'Please confirm the attestation before submitting the draw.', SUBMIT_FAILED);
      const budget = await holdbackBudget(l.id, tx);
      const asked = new Map<string, Cents>();
      for (const line of input.lines) {
        const cents = line.amountCents ?? 0;
        const on = budget.lines.find((b) => b.id === line.lineId);
        if (!on) throw new Refused('invalid', 'That budget line is not on this loan.', SUBMIT_FAILED);
        if (cents > on.availableCents)
          throw new Refused(
            'invalid',
            `At most ${usdCents(on.availableCents)} is available on “${on.description}”.`,
            SUBMIT_FAILED,
          );
        if (cents > 0) asked.set(line.lineId, (asked.get(line.lineId) ?? 0) + cents);
      }
      const requestedCents = sumCents([...asked.values()]);
      if (requestedCents <= 0) throw new Refused('invalid', 'Enter an amount for at least one budget line.', SUBMIT_FAILED);
      const [last] = await tx
        .select({ n: sql<number>`coalesce(max(${drawRequest.number}), 0)::int` })
        .from(drawRequest)
        .where(eq(drawRequest.loanId, l.id));
      const number = Number(last?.n ?? 0) + 1;
      const [draw] = await tx
        .insert(drawRequest)
        .values({
          loanId: l.id,
          number,
          accessNotes: input.accessNotes ?? '',
          attestedAt: new Date(),
          feeCents: s.drawFeeCents,
          submittedBy: borrower.id,
        })
        .returning();
      await tx
        .insert(drawLine)
        .values([...asked].map(([lineId, cents]) => ({ drawId: draw!.id, lineId, requestedCents: cents })));
      if (files.length) {
        const docs = await tx
          .insert(document)
          .values(
            documentRows(
              borrower,
              files.map((f) => f.staged),
            ),
          )
          .returning({ id: document.id });
        await tx.insert(drawFile).values(docs.map((d, i) => ({ drawId: draw!.id, documentId: d.id, kind: files[i]!.kind })));
      }
      await tellLender(tx, l, 'loan-draw-submitted', {
        number,
        requestedCents,
        files: files.length,
        accessNotes: input.accessNotes ?? '',
      });
      await tellBorrower(
        tx,
        l,
        'loan-draw-updated',
        {
          title: `Draw ${number} submitted`,
          message: `We received draw ${number} on ${l.reference} for ${usdCents(requestedCents)}.`,
          type: 'success',
        },
        drawPayload(draw!, 'submitted', requestedCents, null),
      );
      await audit(
        borrower,
        'loan.draw-submitted',
        { type: 'loan', id: l.id },
        { reference: l.reference, number, requestedCents, feeCents: s.drawFeeCents, files: files.length },
        tx,
      );
      return { id: draw!.id, number };
    });
  } catch (error) {
    await discardStaged(files.map((f) => f.staged));
    if (error instanceof Refused) throw error;
    logger.error({ err: error }, 'draw request not recorded; the stored files were removed');
    throw new UploadFailed(SUBMIT_FAILED);
  }
}

function drawPayload(
  d: DrawRow,
  status: DrawStatus,
  requestedCents: Cents,
  approvedCents: Cents | null,
  fundedOn: string | null = null,
) {
  return {
    number: d.number,
    status: statusLabel(status),
    requestedCents,
    approvedCents,
    feeCents: d.feeCents,
    reason: status === 'declined' || status === 'approved' ? d.decisionReason : null,
    fundedOn,
  };
}

/** A staff step on one draw, in one transaction under the servicing lock. */
interface Step {
  tx: Transaction;
  s: Servicing;
  draw: DrawRow;
  lines: (typeof drawLine.$inferSelect)[];
}

/**
 * Runs staff's step on draw `drawId` of `l` when its status is one of `from`, under the servicing
 * lock with the draw locked; `to` names the status the step moves to (for the refusal's sentence).
 * @throws NotFound for a draw not of `l`; Refused('conflict') for a draw in another status.
 */
async function step<T>(l: Loan, drawId: string, from: DrawStatus[], to: string, run: (st: Step) => Promise<T>): Promise<T> {
  if (!isUuid(drawId)) throw new NotFound('Draw not found.', STEP_FAILED);
  return db().transaction(async (tx) => {
    const current = await servicingOf(l.id, tx);
    if (!current) throw new NotFound('Draw not found.', STEP_FAILED);
    const s = await lockServicing(tx, l.id);
    const [draw] = await tx
      .select()
      .from(drawRequest)
      .where(and(eq(drawRequest.id, drawId), eq(drawRequest.loanId, l.id)))
      .for('update');
    if (!draw) throw new NotFound('Draw not found.', STEP_FAILED);
    if (!from.includes(draw.status))
      throw new Refused('conflict', `Draw ${draw.number} is ${statusLabel(draw.status)}; it cannot be ${to}.`, STEP_FAILED);
    const lines = await tx.select().from(drawLine).where(eq(drawLine.drawId, draw.id));
    return run({ tx, s, draw, lines });
  });
}

const requestedOf = (lines: Step['lines']) => sumCents(lines.map((l) => l.requestedCents));
const approvedOf = (lines: Step['lines']) => sumCents(lines.map((l) => l.approvedCents ?? 0));

/**
 * Staff start the inspection of Submitted draw `drawId` of `l`: Inspection, with its moment.
 * @throws NotFound, Refused('conflict') for a draw not Submitted.
 */
export async function startInspection(admin: LoanActor, l: Loan, drawId: string): Promise<void> {
  await step(l, drawId, ['submitted'], 'sent to inspection', async ({ tx, draw, lines }) => {
    const [moved] = await tx
      .update(drawRequest)
      .set({ status: 'inspection', inspectedAt: new Date() })
      .where(eq(drawRequest.id, draw.id))
      .returning();
    await audit(admin, 'loan.draw-inspection', { type: 'loan', id: l.id }, { reference: l.reference, number: draw.number }, tx);
    await tellBorrower(
      tx,
      l,
      'loan-draw-updated',
      {
        title: `Draw ${draw.number}: inspection`,
        message: `We are inspecting the work of draw ${draw.number} on ${l.reference}.`,
      },
      drawPayload(moved!, 'inspection', requestedOf(lines), null),
    );
  });
}

/**
 * Staff record the inspection of draw `drawId` of `l` (Submitted or in Inspection; a Submitted
 * draw moves to Inspection): the percent complete (0–100) of each given line of the draw. May be
 * recorded again while the draw is in Inspection.
 * @throws NotFound, Refused('conflict') for a draw past Inspection, Refused('invalid') for a line not of the draw.
 */
export async function recordInspection(admin: LoanActor, l: Loan, drawId: string, input: InspectionInput): Promise<void> {
  await step(l, drawId, ['submitted', 'inspection'], 'inspected', async ({ tx, draw, lines }) => {
    for (const line of input.lines) {
      if (!lines.some((d) => d.lineId === line.lineId))
        throw new Refused('invalid', 'That budget line is not part of this draw.', STEP_FAILED);
      if (!(line.percentComplete >= 0 && line.percentComplete <= 100))
        throw new Refused('invalid', 'Enter the percent complete (0 to 100).', STEP_FAILED);
      await tx
        .update(drawLine)
        .set({ percentComplete: line.percentComplete })
        .where(and(eq(drawLine.drawId, draw.id), eq(drawLine.lineId, line.lineId)));
    }
    if (draw.status === 'submitted')
      await tx.update(drawRequest).set({ status: 'inspection', inspectedAt: new Date() }).where(eq(drawRequest.id, draw.id));
    await audit(
      admin,
      'loan.draw-inspected',
      { type: 'loan', id: l.id },
      { reference: l.reference, number: draw.number, lines: input.lines },
      tx,
    );
  });
}

/**
 * Staff approve draw `drawId` of `l`, in Inspection: the approved cents per line (each at most
 * what was asked; lines left out approve 0) and the reason, required when the total approved is
 * less than the total asked. Approved, with its moment; the borrower is told the figures and the reason.
 * @throws NotFound; Refused('conflict') for a draw not in Inspection; Refused('invalid') for an
 *   amount over the request, a line not of the draw, nothing approved, or no reason for a partial approval.
 */
export async function approveDraw(admin: LoanActor, l: Loan, drawId: string, input: ApproveDrawInput): Promise<void> {
  await step(l, drawId, ['inspection'], 'approved', async ({ tx, draw, lines }) => {
    const approved = new Map<string, Cents>();
    for (const line of input.lines) {
      const on = lines.find((d) => d.lineId === line.lineId);
      if (!on) throw new Refused('invalid', 'That budget line is not part of this draw.', STEP_FAILED);
      const cents = line.approvedCents ?? 0;
      if (cents > on.requestedCents) throw new Refused('invalid', 'You can approve at most what was requested.', STEP_FAILED);
      approved.set(on.lineId, cents);
    }
    const approvedCents = sumCents([...approved.values()]);
    const requestedCents = requestedOf(lines);
    if (approvedCents <= 0) throw new Refused('invalid', 'Approve at least one line, or decline the draw.', STEP_FAILED);
    const reason = input.reason?.trim() || null;
    if (approvedCents < requestedCents && !reason)
      throw new Refused('invalid', 'Give the reason for approving less than was requested.', STEP_FAILED);
    for (const line of lines)
      await tx
        .update(drawLine)
        .set({ approvedCents: approved.get(line.lineId) ?? 0 })
        .where(and(eq(drawLine.drawId, draw.id), eq(drawLine.lineId, line.lineId)));
    const [moved] = await tx
      .update(drawRequest)
      .set({ status: 'approved', approvedAt: new Date(), decisionReason: reason })
      .where(eq(drawRequest.id, draw.id))
      .returning();
    await audit(
      admin,
      'loan.draw-approved',
      { type: 'loan', id: l.id },
      { reference: l.reference, number: draw.number, requestedCents, approvedCents, reason },
      tx,
    );
    const part = approvedCents < requestedCents ? ` of the ${usdCents(requestedCents)} requested` : '';
    await tellBorrower(
      tx,
      l,
      'loan-draw-updated',
      {
        title: `Draw ${draw.number} approved`,
        message: `Draw ${draw.number} on ${l.reference} is approved for ${usdCents(approvedCents)}${part}.`,
        type: 'success',
      },
      drawPayload(moved!, 'approved', requestedCents, approvedCents),
    );
  });
}

/**
 * Staff fund Approved draw `drawId` of `l` on the lender's day `day` (not after today, not
 * before the loan's funding): the ledger gains a draw disbursement of the approved total (from
 * the holdback to principal) naming the draw, and, when the draw's fee is more than 0, a fee
 * 'Draw fee, draw N'; the draw is Funded with its moment. Returns the approved total in cents.
 * @throws NotFound; Refused('conflict') for a draw not Approved or an approved total over the
 *   holdback left; Refused('invalid') for a day in the future, before the loan's funding, or
 *   inside a period whose interest is already billed (before the last bill's `to`).
 */
export async function fundDraw(admin: LoanActor, l: Loan, drawId: string, day: string, today = lenderDay()): Promise<Cents> {
  return step(l, drawId, ['approved'], 'funded', async ({ tx, s, draw, lines }) => {
    if (day > today) throw new Refused('invalid', 'The funding date cannot be in the future.', STEP_FAILED);
    if (day < s.fundedOn) throw new Refused('invalid', 'The funding date cannot be before the loan was funded.', STEP_FAILED);
    // Interest already billed for a period would miss a draw dated inside it: a draw is dated on
    // or after the first day not yet billed.
    const [billed] = await tx
      .select({ through: sql<string | null>`max(${ledgerEntry.periodTo})::text` })
      .from(ledgerEntry)
      .where(and(eq(ledgerEntry.loanId, l.id), eq(ledgerEntry.kind, 'interest-billed')));
    if (billed?.through && day < billed.through)
      throw new Refused(
        'invalid',
        `Interest is already billed up to ${formatCalendarDay(billed.through)}; fund the draw on that day or later.`,
        STEP_FAILED,
      );
    const approvedCents = approvedOf(lines);
    const { holdbackCents } = await currentBalances(s, tx);
    if (approvedCents > holdbackCents)
      throw new Refused(
        'conflict',
        `Only ${usdCents(holdbackCents)} of the holdback is left; this draw asks ${usdCents(approvedCents)}.`,
        STEP_FAILED,
      );
    await appendEntries(
      tx,
      s,
      [
        { kind: 'draw-disbursement', id: entryId(), day, amountCents: approvedCents, drawId: draw.id },
        ...(draw.feeCents > 0
          ? [
              {
                kind: 'fee' as const,
                id: entryId(),
                day,
                amountCents: draw.feeCents,
                description: `Draw fee, draw ${draw.number}`,
                drawId: draw.id,
              },
            ]
          : []),
      ],
      admin,
    );
    const [moved] = await tx
      .update(drawRequest)
      .set({ status: 'funded', fundedAt: new Date() })
      .where(eq(drawRequest.id, draw.id))
      .returning();
    await audit(
      admin,
      'loan.draw-funded',
      { type: 'loan', id: l.id },
      { reference: l.reference, number: draw.number, day, approvedCents, feeCents: draw.feeCents },
      tx,
    );
    await tellBorrower(
      tx,
      l,
      'loan-draw-updated',
      {
        title: `Draw ${draw.number} funded`,
        message: `Draw ${draw.number} on ${l.reference} is funded: ${usdCents(approvedCents)}.`,
        type: 'success',
      },
      drawPayload(moved!, 'funded', requestedOf(lines), approvedCents, day),
    );
    return approvedCents;
  });
}

/**
 * Staff decline draw `drawId` of `l` before it is funded (Submitted, Inspection or Approved), with
 * `reason`, which the borrower is told. Its amounts are no longer held on the budget.
 * @throws NotFound; Refused('conflict') for a draw Funded or Declined; Refused('invalid') for no reason.
 */
export async function declineDraw(admin: LoanActor, l: Loan, drawId: string, reason: string): Promise<void> {
  const why = reason.trim();
  if (!why) throw new Refused('invalid', 'Give the reason for declining the draw.', STEP_FAILED);
  await step(l, drawId, OPEN, 'declined', async ({ tx, draw, lines }) => {
    const [moved] = await tx
      .update(drawRequest)
      .set({ status: 'declined', declinedAt: new Date(), decisionReason: why })
      .where(eq(drawRequest.id, draw.id))
      .returning();
    await audit(
      admin,
      'loan.draw-declined',
      { type: 'loan', id: l.id },
      { reference: l.reference, number: draw.number, reason: why },
      tx,
    );
    await tellBorrower(
      tx,
      l,
      'loan-draw-updated',
      {
        title: `Draw ${draw.number} declined`,
        message: `Draw ${draw.number} on ${l.reference} was declined: ${why}`,
        type: 'warning',
      },
      drawPayload(moved!, 'declined', requestedOf(lines), null),
    );
  });
}
