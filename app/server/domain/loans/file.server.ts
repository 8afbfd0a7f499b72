/**
 * Reading and working a loan file (issue "The loan file"; docs/product.md §10.2-10.4): the
 * borrower's list of loans, one loan's file for the borrower or for staff (`loanFile`; internal
 * notes only for staff), its document checklist (upload, request, review), messages and notes.
 */
import { and, asc, count, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import { CLOSED_STAGES, loanRatios, staffMoves } from '~/lib/loans';
import { lenderDay } from '~/lib/format';
import { db, type Reader } from '../../db/client.server';
import { isUuid } from '../../db/query.server';
import { bound, preparedParts, type Bound, type BoundSql } from '../../db/prepared.server';
import { document, loan, loanEvent, loanItem, loanMessage, loanNote, profile, termSheet, user } from '../../db/schema';
import { NotFound, Refused } from '../../errors.server';
import { audit } from '../audit.server';
import { addNotification, notificationsPart } from '../notifications.server';
import {
  discardStaged,
  documentRows,
  generalDocumentsPart,
  UploadFailed,
  type StagedDocument,
  type Uploader,
} from './documents.server';
import { logger } from '../../logger.server';
import { contactCardOf, loanContactPart } from './contact.server';
import { loanStageTargetPart, nextMilestone, targetDaysOf } from './milestones.server';
import {
  type Loan,
  type LoanActor,
  loanBound,
  type LoanRead,
  loanColumn,
  loanRowOf,
  lockLoan,
  propertyLine,
  tellBorrower,
  tellLender,
  nextStepColumns,
  nextStepFacts,
  plural,
  borrowerNextStep,
} from './loan.server';

// ---------------------------------------------------------------- reading a loan file

/** A borrower's loans (the bound SQL `borrowerId`), newest first, with the facts of their next step. */
const borrowerLoansPart = (r: Reader, borrowerId: BoundSql) =>
  r
    .select({ ...getTableColumns(loan), ...nextStepColumns() })
    .from(loan)
    .where(eq(loan.borrowerId, borrowerId))
    .orderBy(desc(loan.createdAt));

/** A loan of `borrowerLoansPart` as My loans lists it, with what the borrower must do next. */
function borrowerLoanView({ tally, termSheetOpen, ...l }: Awaited<ReturnType<typeof borrowerLoansPart>>[number]) {
  return {
    id: l.id,
    reference: l.reference,
    stage: l.stage,
    stageChangedAt: l.stageChangedAt,
    loanAmount: l.loanAmount,
    property: propertyLine(l),
    purpose: l.purpose,
    createdAt: l.createdAt,
    nextStep: borrowerNextStep(l, ...nextStepFacts({ tally, termSheetOpen })),
  };
}

const myLoansRead = preparedParts('my_loans', {
  loans: borrowerLoansPart,
  documents: generalDocumentsPart,
  notifications: notificationsPart,
});

/**
 * What My loans shows of borrower `borrowerId`, in one statement: their loans with what they must
 * do next, newest first; their general documents (`listDocuments`); and their newest `limit`
 * notifications whose title is one of `titles` (`listNotifications`).
 */
export async function myLoans(borrowerId: string, titles: readonly string[], limit: number) {
  const { loans, documents, notifications } = await myLoansRead(
    bound('userId', borrowerId, { titles, notificationLimit: limit }),
  );
  return { loans: loans.map(borrowerLoanView), documents, notifications };
}

/**
 * The whole file of loan `l` for its `audience`: items with their documents, the timeline's
 * events, messages, term sheets, the named contact and the stage's target, and, for 'staff'
 * only, the internal notes and the borrower. Given a `LoanRead`, every part is read in the same
 * database wait as the loan itself, and the answer is null when the loan is not there.
 */
export async function loanFile(l: Loan, audience: 'borrower' | 'staff'): Promise<LoanFileView>;
export async function loanFile(l: LoanRead, audience: 'borrower' | 'staff'): Promise<LoanFileView | null>;
export async function loanFile(of: Loan | LoanRead, audience: 'borrower' | 'staff') {
  return readLoanFile(of, audience);
}

/** What `loanFile` gives. */
export type LoanFileView = NonNullable<Awaited<ReturnType<typeof readLoanFile>>>;

/** The sheet columns both audiences see; staff also see the IP a sheet was answered from. */
const sheetColumns = {
  id: termSheet.id,
  amount: termSheet.amount,
  ratePercent: termSheet.ratePercent,
  points: termSheet.points,
  termMonths: termSheet.termMonths,
  ltv: termSheet.ltv,
  expiresOn: termSheet.expiresOn,
  underwritingFee: termSheet.underwritingFee,
  legalFee: termSheet.legalFee,
  drawFee: termSheet.drawFee,
  extensionPoints: termSheet.extensionPoints,
  defaultRatePercent: termSheet.defaultRatePercent,
  prepaymentTerms: termSheet.prepaymentTerms,
  holdback: termSheet.holdback,
  status: termSheet.status,
  respondedAt: termSheet.respondedAt,
  signedName: termSheet.signedName,
  contentHash: termSheet.contentHash,
  signedDocumentId: termSheet.signedDocumentId,
  createdAt: termSheet.createdAt,
};

// The parts of a loan file, each a select of the loan the bound SQL `id` names (`loanBound`).
const fileParts = {
  items: (r: Reader, id: BoundSql) => r.select().from(loanItem).where(eq(loanItem.loanId, id)).orderBy(asc(loanItem.position)),
  documents: (r: Reader, id: BoundSql) =>
    r
      .select({
        id: document.id,
        itemId: document.loanItemId,
        title: document.title,
        fileName: document.fileName,
        fileSize: document.fileSize,
        mimeType: document.mimeType,
        createdAt: document.createdAt,
      })
      .from(document)
      .innerJoin(loanItem, eq(loanItem.id, document.loanItemId))
      .where(eq(loanItem.loanId, id))
      .orderBy(asc(document.createdAt)),
  events: (r: Reader, id: BoundSql) =>
    r
      .select({
        id: loanEvent.id,
        fromStage: loanEvent.fromStage,
        toStage: loanEvent.toStage,
        note: loanEvent.note,
        actorName: loanEvent.actorName,
        createdAt: loanEvent.createdAt,
      })
      .from(loanEvent)
      .where(eq(loanEvent.loanId, id))
      .orderBy(asc(loanEvent.createdAt)),
  messages: (r: Reader, id: BoundSql) =>
    r
      .select({
        id: loanMessage.id,
        authorName: loanMessage.authorName,
        fromStaff: loanMessage.fromStaff,
        body: loanMessage.body,
        createdAt: loanMessage.createdAt,
      })
      .from(loanMessage)
      .where(eq(loanMessage.loanId, id))
      .orderBy(asc(loanMessage.createdAt)),
  contact: loanContactPart,
  target: loanStageTargetPart,
};

/**
 * A loan file's reads, one statement for each audience (db/prepared.server.ts `preparedParts`):
 * the borrower's, and staff's with the IP a sheet was answered from, the internal notes and the
 * borrower.
 */
const fileReads = {
  borrower: preparedParts('loan_file', {
    ...fileParts,
    sheets: (r, id) => r.select(sheetColumns).from(termSheet).where(eq(termSheet.loanId, id)).orderBy(desc(termSheet.createdAt)),
  }),
  staff: preparedParts('loan_file_staff', {
    ...fileParts,
    sheets: (r, id) =>
      r
        .select({ ...sheetColumns, respondedIp: termSheet.respondedIp })
        .from(termSheet)
        .where(eq(termSheet.loanId, id))
        .orderBy(desc(termSheet.createdAt)),
    notes: (r, id) =>
      r
        .select({ id: loanNote.id, authorName: loanNote.authorName, body: loanNote.body, createdAt: loanNote.createdAt })
        .from(loanNote)
        .where(eq(loanNote.loanId, id))
        .orderBy(asc(loanNote.createdAt)),
    borrower: (r, id) =>
      r
        .select({ id: user.id, name: user.name, email: user.email, phone: profile.phone })
        .from(user)
        .innerJoin(profile, eq(profile.userId, user.id))
        .where(eq(user.id, loanColumn(id, loan.borrowerId))),
  }),
};

/** The parts of loan `id`'s file for `audience` (one statement); staff's alone have notes and the borrower. */
async function filePartsOf(id: Bound, audience: 'borrower' | 'staff') {
  if (audience === 'borrower') return { ...(await fileReads.borrower(id)), notes: null, borrower: null };
  const { borrower, ...parts } = await fileReads.staff(id);
  return { ...parts, borrower: borrower[0] ?? null };
}

async function readLoanFile(of: Loan | LoanRead, audience: 'borrower' | 'staff') {
  const [l, parts] = await Promise.all([loanRowOf(of), filePartsOf(loanBound(of.id), audience)]);
  if (!l) return null;
  const { items, documents, events, messages, sheets, notes, borrower } = parts;
  const { searchText: _searchText, ...application } = l;
  const today = lenderDay();
  return {
    loan: { ...application, stage: l.stage },
    ratios: loanRatios({ ...l, purpose: l.purpose ?? undefined }),
    items: items.map((i) => ({
      id: i.id,
      title: i.title,
      description: i.description,
      status: i.status,
      reason: i.reason,
      requestedByStaff: i.requestedBy !== null,
      documents: documents.filter((d) => d.itemId === i.id),
    })),
    events,
    messages,
    termSheets: sheets.map((s) => ({ ...s, expired: s.status === 'issued' && s.expiresOn < today })),
    notes,
    borrower,
    contact: contactCardOf(parts.contact),
    nextMilestone: nextMilestone(l, targetDaysOf(parts.target)),
    staffMoves: audience === 'staff' ? staffMoves(l.stage) : [],
  };
}

// ---------------------------------------------------------------- the checklist

/**
 * Records `staged` uploads of `owner` into checklist item `itemId` of loan `l`, in one
 * transaction with the item locked (uploads racing into one item are kept, one after the
 * other): the rows, the item 'Uploaded (awaiting review)', the borrower's notification and
 * one e-mail to the lender. On any failure the staged files are removed.
 * @throws NotFound for an item not on this loan, Refused('conflict') for an accepted item or a
 * closed loan, UploadFailed when the rows could not be written.
 */
export async function recordItemDocuments(owner: Uploader, l: Loan, itemId: string, staged: StagedDocument[]) {
  try {
    return await db().transaction(async (tx) => {
      const [item] = isUuid(itemId)
        ? await tx
            .select()
            .from(loanItem)
            .where(and(eq(loanItem.id, itemId), eq(loanItem.loanId, l.id)))
            .for('update')
        : [];
      if (!item) throw new NotFound('Checklist item not found.', 'Upload failed');
      const current = await lockLoan(tx, l.id);
      if (current.stage === 'draft' || CLOSED_STAGES.includes(current.stage))
        throw new Refused('conflict', 'This loan is closed; documents can no longer be added.', 'Upload failed');
      if (item.status === 'accepted')
        throw new Refused('conflict', `"${item.title}" is already accepted; no other file is needed.`, 'Upload failed');
      const rows = await tx
        .insert(document)
        .values(documentRows(owner, staged, item.id))
        .returning();
      await tx.update(loanItem).set({ status: 'uploaded', reason: null }).where(eq(loanItem.id, item.id));
      await addNotification(tx, owner.id, {
        title: 'Document uploaded successfully',
        message: `${plural(rows.length, 'file')} uploaded for "${item.title}" (${current.reference}).`,
        type: 'success',
      });
      await tellLender(tx, current, 'loan-item-uploaded', {
        item: item.title,
        files: rows.map((r) => r.fileName).join(', '),
      });
      return rows;
    });
  } catch (error) {
    await discardStaged(staged);
    if (error instanceof Refused) throw error;
    logger.error({ err: error }, 'checklist upload not recorded; the stored files were removed');
    throw new UploadFailed();
  }
}

/** Staff add a checklist item to `l` and ask the borrower for it. */
export async function requestItem(admin: LoanActor, l: Loan, item: { title: string; description: string }) {
  await db().transaction(async (tx) => {
    const current = await lockLoan(tx, l.id);
    if (CLOSED_STAGES.includes(current.stage)) throw new Refused('conflict', 'This loan is closed.', 'Request not added');
    const [last] = await tx
      .select({ position: sql<number>`coalesce(max(${loanItem.position}), 0)` })
      .from(loanItem)
      .where(eq(loanItem.loanId, l.id));
    const [row] = await tx
      .insert(loanItem)
      .values({ loanId: l.id, ...item, position: Number(last?.position ?? 0) + 1, requestedBy: admin.id })
      .returning({ id: loanItem.id });
    await tellBorrower(
      tx,
      current,
      'loan-item-requested',
      { title: 'New document request', message: `We need "${item.title}" for ${current.reference}.`, type: 'warning' },
      { item: item.title, description: item.description },
    );
    await audit(
      admin,
      'loan.item_requested',
      { type: 'loan', id: l.id },
      { reference: l.reference, item: item.title, itemId: row!.id },
      tx,
    );
  });
}

/**
 * Staff review item `itemId` of `l`: 'accepted', or 'needs_attention' with the `reason` the
 * borrower is shown and e-mailed. @throws NotFound for an item not on the loan,
 * Refused('invalid') without a reason, Refused('conflict') when nothing was uploaded.
 */
export async function reviewItem(
  admin: LoanActor,
  l: Loan,
  itemId: string,
  decision: 'accepted' | 'needs_attention',
  reason: string,
) {
  await db().transaction(async (tx) => {
    const [item] = isUuid(itemId)
      ? await tx
          .select()
          .from(loanItem)
          .where(and(eq(loanItem.id, itemId), eq(loanItem.loanId, l.id)))
          .for('update')
      : [];
    if (!item) throw new NotFound('Checklist item not found.', 'Not reviewed');
    if (decision === 'needs_attention' && !reason.trim())
      throw new Refused('invalid', 'Please tell the borrower what needs attention.', 'Not reviewed');
    const [files] = await tx.select({ n: count() }).from(document).where(eq(document.loanItemId, item.id));
    if (decision === 'accepted' && !files?.n)
      throw new Refused('conflict', 'Nothing was uploaded for this item yet.', 'Not reviewed');
    await tx
      .update(loanItem)
      .set({ status: decision, reason: decision === 'needs_attention' ? reason.trim() : null, reviewedAt: new Date() })
      .where(eq(loanItem.id, item.id));
    if (decision === 'needs_attention')
      await tellBorrower(
        tx,
        l,
        'loan-item-needs-attention',
        { title: 'A document needs attention', message: `"${item.title}": ${reason.trim()}`, type: 'warning' },
        { item: item.title, reason: reason.trim() },
      );
    await audit(
      admin,
      decision === 'accepted' ? 'loan.item_accepted' : 'loan.item_needs_attention',
      { type: 'loan', id: l.id },
      { reference: l.reference, item: item.title, ...(decision === 'needs_attention' ? { reason: reason.trim() } : {}) },
      tx,
    );
  });
}

// ---------------------------------------------------------------- messages and notes

/**
 * Adds `body` to the thread of `l` from `author` (`fromStaff` for the lender's staff) and
 * tells the other side: the borrower in the portal and by e-mail (their preferences
 * honoured), the lender by e-mail to NOTIFY_EMAIL. Staff messages are audited.
 */
export async function postMessage(author: LoanActor, l: Loan, body: string, fromStaff: boolean) {
  const clean = body.trim();
  if (!clean) throw new Refused('invalid', 'Please write a message.', 'Message not sent');
  await db().transaction(async (tx) => {
    const current = await lockLoan(tx, l.id);
    if (current.stage === 'draft')
      throw new Refused('conflict', 'Submit the application before messaging us.', 'Message not sent');
    await tx.insert(loanMessage).values({ loanId: l.id, authorId: author.id, authorName: author.name, fromStaff, body: clean });
    await tx.update(loan).set({ lastMessageFromStaff: fromStaff }).where(eq(loan.id, l.id));
    if (fromStaff) {
      await tellBorrower(
        tx,
        current,
        'loan-message',
        { title: 'New message', message: `A new message about ${current.reference}.` },
        { body: clean, author: author.name },
      );
      await audit(author, 'loan.message_sent', { type: 'loan', id: l.id }, { reference: l.reference }, tx);
    } else {
      await tellLender(tx, current, 'loan-message-lender', { body: clean });
    }
  });
}

/** Adds internal note `body` to `l` (staff only; never shown or sent to the borrower). */
export async function addNote(admin: LoanActor, l: Loan, body: string) {
  const clean = body.trim();
  if (!clean) throw new Refused('invalid', 'Please write a note.', 'Note not added');
  await db().transaction(async (tx) => {
    await tx.insert(loanNote).values({ loanId: l.id, authorId: admin.id, authorName: admin.name, body: clean });
    await audit(admin, 'loan.note_added', { type: 'loan', id: l.id }, { reference: l.reference }, tx);
  });
}
