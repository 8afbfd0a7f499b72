/**
 * The loan file (issue "The loan file"; docs/product.md §10): a borrower's application saved
 * step by step as a draft, submitted with a reference, then moved along the pipeline by the
 * lender's staff with its document checklist, messages, internal notes and term sheets.
 *
 * Who may see what is decided here, once: `borrowerLoan` finds a loan only for its borrower,
 * `staffLoan` for an admin; every other function takes the loan such a lookup returned, so
 * another user's loan is never found (the routes answer 404). Internal notes are read only by
 * `loanFile(…, 'staff')`. Every change and the e-mails and notifications it causes are one
 * transaction; every staff change is audited in it.
 */
import { and, asc, count, desc, eq, inArray, isNotNull, like, ne, sql } from 'drizzle-orm';
import {
  canIssueTermSheet,
  canWithdraw,
  checklistTemplate,
  CLOSED_STAGES,
  formatReference,
  isReference,
  LOAN_PURPOSES,
  loanRatios,
  stageLabel,
  staffMoves,
  stepSchema,
  APPLICATION_STEPS,
  PIPELINE_PAGE_SIZE,
  type ApplicationStep,
  type LoanStage,
} from '~/lib/loans';
import { lenderDay } from '~/lib/format';
import { db, type Database, type Transaction } from '../db/client.server';
import { readNumberedPage } from '../db/paging.server';
import { containsPattern, isUuid } from '../db/query.server';
import {
  document,
  loan,
  loanEvent,
  loanItem,
  loanMessage,
  loanNote,
  loanReferenceCounter,
  profile,
  termSheet,
  user,
} from '../db/schema';
import { env } from '../env.server';
import { NotFound, Refused } from '../errors.server';
import { queueEmail } from '../mail/outbox.server';
import type { EmailPayload } from '../mail/templates.server';
import type { BorrowerLoanPayload, LenderLoanPayload } from '../mail/templates/loans.server';
import { audit, type Actor } from './audit.server';
import { addNotification } from './notifications.server';
import { discardStaged, documentRows, UploadFailed, type StagedDocument, type Uploader } from './documents.server';
import { logger } from '../logger.server';

export type Loan = typeof loan.$inferSelect;

/** A person acting on a loan: the borrower, or an admin (staff). */
export interface LoanActor extends Actor {
  name: string;
}

const NOT_FOUND = () => new NotFound('Loan not found.', 'Loan not found');

// ---------------------------------------------------------------- finding a loan

/**
 * Loan `key` (its reference, or a draft's id) of `borrowerId`, or null when there is no
 * such loan of theirs: another borrower's loan is not found.
 */
export async function borrowerLoan(borrowerId: string, key: string): Promise<Loan | null> {
  const match = isReference(key) ? eq(loan.reference, key) : isUuid(key) ? eq(loan.id, key) : null;
  if (!match) return null;
  const [row] = await db()
    .select()
    .from(loan)
    .where(and(match, eq(loan.borrowerId, borrowerId)));
  return row ?? null;
}

/** Submitted loan `reference` for the lender's staff (callers check is_admin), or null. */
export async function staffLoan(reference: string): Promise<Loan | null> {
  if (!isReference(reference)) return null;
  const [row] = await db().select().from(loan).where(eq(loan.reference, reference));
  return row ?? null;
}

/** The loan `loanId` locked for a change in `tx`. @throws NotFound when it is gone. */
async function lockLoan(tx: Transaction, loanId: string): Promise<Loan> {
  const [row] = await tx.select().from(loan).where(eq(loan.id, loanId)).for('update');
  if (!row) throw NOT_FOUND();
  return row;
}

/** '/dashboard/loans/OL-2026-00042' on this site, for e-mails. */
const borrowerLink = (l: Pick<Loan, 'reference' | 'id'>) => `${env().PUBLIC_URL}/dashboard/loans/${l.reference ?? l.id}`;
const staffLink = (l: Pick<Loan, 'reference'>) => `${env().PUBLIC_URL}/admin-dashboard/loans/${l.reference}`;

/** 'Street, City, NV'. */
export function propertyLine(l: Pick<Loan, 'propertyAddress' | 'propertyCity' | 'propertyState'>): string {
  return [l.propertyAddress, l.propertyCity, l.propertyState].filter(Boolean).join(', ');
}

// ---------------------------------------------------------------- e-mails and notices

/** The templates to a borrower about their loan, and to the lender about one (templates/loans.server.tsx). */
type BorrowerTemplate =
  | 'loan-submitted'
  | 'loan-item-requested'
  | 'loan-item-needs-attention'
  | 'loan-stage-changed'
  | 'loan-term-sheet-issued'
  | 'loan-message'
  | 'loan-declined';
type LenderTemplate =
  'loan-application' | 'loan-item-uploaded' | 'loan-term-sheet-answered' | 'loan-message-lender' | 'loan-stage-lender';

/**
 * Queues `template` to the borrower of `l` when they take e-mail (profile.notify_email), or
 * always with `required` (the notice of action taken), and adds the in-portal notification.
 * `payload` is the template's own part; the borrower's name, the reference, the property and
 * the loan page are added here.
 */
async function tellBorrower<T extends BorrowerTemplate>(
  tx: Transaction,
  l: Loan,
  template: T,
  notice: { title: string; message: string; type?: 'info' | 'success' | 'warning' | 'error' },
  payload: Omit<EmailPayload<T>, keyof BorrowerLoanPayload>,
  required = false,
) {
  const [who] = await tx
    .select({ email: user.email, name: user.name, notifyEmail: profile.notifyEmail })
    .from(user)
    .innerJoin(profile, eq(profile.userId, user.id))
    .where(eq(user.id, l.borrowerId));
  await addNotification(tx, l.borrowerId, { title: notice.title, message: notice.message, type: notice.type ?? 'info' });
  if (!who || (!who.notifyEmail && !required)) return;
  const base: BorrowerLoanPayload = {
    name: who.name,
    reference: l.reference ?? '',
    property: propertyLine(l),
    link: borrowerLink(l),
  };
  // A generic spread is not known to make EmailPayload<T>; it does: T's payload is its own part and the base.
  await queueEmail(tx, { to: who.email, template, payload: { ...base, ...payload } as EmailPayload<T> });
}

/** Queues `template` to the lender (NOTIFY_EMAIL) about `l`, with the loan's facts added to `payload`. */
async function tellLender<T extends LenderTemplate>(
  tx: Transaction,
  l: Loan,
  template: T,
  payload: Omit<EmailPayload<T>, keyof LenderLoanPayload>,
) {
  const [who] = await tx.select({ email: user.email, name: user.name }).from(user).where(eq(user.id, l.borrowerId));
  const base: LenderLoanPayload = {
    reference: l.reference ?? '',
    property: propertyLine(l),
    amount: l.loanAmount,
    borrowerName: who?.name ?? null,
    borrowerEmail: who?.email ?? null,
    link: staffLink(l),
  };
  await queueEmail(tx, { to: env().NOTIFY_EMAIL, template, payload: { ...base, ...payload } as EmailPayload<T> });
}

/** Records a stage move of `l` to `to` by `actor` (null: the system) with `note`, in `tx`. */
async function recordMove(tx: Transaction, l: Loan, to: LoanStage, actor: LoanActor | null, note: string | null) {
  await tx.update(loan).set({ stage: to, stageChangedAt: new Date() }).where(eq(loan.id, l.id));
  await tx.insert(loanEvent).values({
    loanId: l.id,
    fromStage: l.stage,
    toStage: to,
    note,
    actorId: actor?.id ?? null,
    actorName: actor?.name ?? null,
  });
}

// ---------------------------------------------------------------- applying

/** The application's fields as a draft stores them, by step. */
const STEP_COLUMNS = {
  property: ['propertyAddress', 'propertyCity', 'propertyState', 'propertyType'],
  loan: ['purpose', 'propertyValue', 'rehabBudget', 'afterRepairValue', 'loanAmount', 'exitStrategy'],
  borrower: ['entityType', 'entityName', 'projectsLast36Months', 'targetClosingDate'],
} as const;

/**
 * What the first application of `borrowerId` starts from: the sign-up answers (product §3)
 * mapped to the application's fields; empty once they have a loan other than draft `draftId`.
 */
export async function applicationPrefill(borrowerId: string, draftId?: string): Promise<Partial<Record<string, string>>> {
  const [existing] = await db()
    .select({ n: count() })
    .from(loan)
    .where(and(eq(loan.borrowerId, borrowerId), draftId ? ne(loan.id, draftId) : undefined));
  if (existing && existing.n > 0) return {};
  const [p] = await db()
    .select({
      loanType: profile.loanType,
      propertyTypes: profile.propertyTypes,
      propertyAddress: profile.propertyAddress,
      desiredLoanAmount: profile.desiredLoanAmount,
      estimatedPropertyValue: profile.estimatedPropertyValue,
    })
    .from(profile)
    .where(eq(profile.userId, borrowerId));
  if (!p) return {};
  const purpose = LOAN_PURPOSES.find((x) => x.value === p.loanType)?.value;
  return Object.fromEntries(
    Object.entries({
      propertyAddress: p.propertyAddress ?? undefined,
      propertyType: p.propertyTypes[0],
      purpose,
      loanAmount: p.desiredLoanAmount?.toString(),
      propertyValue: p.estimatedPropertyValue?.toString(),
    }).filter(([, v]) => v),
  );
}

/**
 * Saves `step` of the application with `values` (already checked against the step's schema)
 * on draft `loanId` of `borrower`, or on a new draft when `loanId` is null. Returns the
 * draft's id. @throws NotFound for a loan not theirs, Refused('conflict') once submitted.
 */
export async function saveApplicationStep(
  borrower: LoanActor,
  loanId: string | null,
  step: Exclude<ApplicationStep, 'review'>,
  values: Record<string, unknown>,
): Promise<string> {
  const columns = Object.fromEntries(STEP_COLUMNS[step].map((c) => [c, values[c] ?? null]));
  const stepNumber = APPLICATION_STEPS.findIndex((s) => s.value === step) + 1;
  if (!loanId) {
    const [row] = await db()
      .insert(loan)
      .values({ borrowerId: borrower.id, ...columns, stepsDone: stepNumber })
      .returning({ id: loan.id });
    return row!.id;
  }
  return db().transaction(async (tx) => {
    const l = await lockLoan(tx, loanId);
    if (l.borrowerId !== borrower.id) throw NOT_FOUND();
    if (l.stage !== 'draft')
      throw new Refused('conflict', 'This application was already submitted and can no longer be changed.', 'Not saved');
    // A changed purpose may drop the rehab amounts: the loan step is saved whole.
    await tx
      .update(loan)
      .set({ ...columns, stepsDone: Math.max(l.stepsDone, stepNumber) })
      .where(eq(loan.id, l.id));
    return l.id;
  });
}

/** The application of `l` as each step's form reads it (strings; '' for a field not saved). */
export function applicationValues(l: Loan): Record<string, string> {
  const all = [...STEP_COLUMNS.property, ...STEP_COLUMNS.loan, ...STEP_COLUMNS.borrower];
  return Object.fromEntries(all.map((c) => [c, l[c] === null || l[c] === undefined ? '' : String(l[c])]));
}

/**
 * Submits draft `l` of `borrower`: every step is checked again as on the day of submission
 * (a closing date now past is refused), the loan gets the year's next reference, the
 * checklist its purpose needs, a 'Submitted' event, the borrower's 'submission received'
 * and the lender's 'new application' e-mails. Returns the reference.
 * @throws Refused('invalid') naming the step to complete, Refused('conflict') when not a draft.
 */
export async function submitApplication(borrower: LoanActor, l: Loan, now = new Date()): Promise<string> {
  const values = applicationValues(l);
  for (const step of ['property', 'loan', 'borrower'] as const) {
    const fields = Object.fromEntries(STEP_COLUMNS[step].filter((c) => values[c] !== '').map((c) => [c, coerce(c, values[c]!)]));
    const parsed = stepSchema(step, lenderDay(now)).safeParse(fields);
    if (!parsed.success)
      throw new Refused(
        'invalid',
        `Please complete the ${step} step: ${parsed.error.issues[0]?.message ?? 'a field is missing'}.`,
        'Application not submitted',
      );
  }
  return db().transaction(async (tx) => {
    const locked = await lockLoan(tx, l.id);
    if (locked.borrowerId !== borrower.id) throw NOT_FOUND();
    if (locked.stage !== 'draft') throw new Refused('conflict', 'This application was already submitted.', 'Already submitted');
    const year = Number(lenderDay(now).slice(0, 4));
    const [counter] = await tx
      .insert(loanReferenceCounter)
      .values({ year, n: 1 })
      .onConflictDoUpdate({ target: loanReferenceCounter.year, set: { n: sql`${loanReferenceCounter.n} + 1` } })
      .returning({ n: loanReferenceCounter.n });
    const reference = formatReference(year, counter!.n);
    await tx.update(loan).set({ reference, submittedAt: now, stepsDone: APPLICATION_STEPS.length }).where(eq(loan.id, l.id));
    const submitted = { ...locked, reference, submittedAt: now };
    await recordMove(tx, submitted, 'submitted', borrower, null);
    const items = checklistTemplate(locked.purpose!, locked.entityType === 'llc' ? 'llc' : 'individual');
    await tx.insert(loanItem).values(items.map((item, i) => ({ loanId: l.id, ...item, position: i + 1 })));
    await tellBorrower(
      tx,
      submitted,
      'loan-submitted',
      { title: 'Application submitted', message: `We received application ${reference}.`, type: 'success' },
      { items: items.map((i) => i.title) },
    );
    await tellLender(tx, submitted, 'loan-application', {
      purpose: LOAN_PURPOSES.find((p) => p.value === locked.purpose)?.label ?? null,
      ltv: loanRatios({ ...locked, purpose: locked.purpose! }).ltv,
    });
    return reference;
  });
}

const NUMERIC = new Set(['propertyValue', 'rehabBudget', 'afterRepairValue', 'loanAmount', 'projectsLast36Months']);
const coerce = (column: string, value: string) => (NUMERIC.has(column) ? Number(value) : value);

/**
 * Withdraws loan `l` at its borrower's request, with their optional `reason`.
 * @throws Refused('conflict') once closing has started or the loan is closed.
 */
export async function withdrawLoan(borrower: LoanActor, l: Loan, reason: string | null): Promise<void> {
  await db().transaction(async (tx) => {
    const locked = await lockLoan(tx, l.id);
    if (!canWithdraw(locked.stage))
      throw new Refused('conflict', 'This loan can no longer be withdrawn online. Please message us.', 'Not withdrawn');
    await recordMove(tx, locked, 'withdrawn', borrower, reason);
    await tx
      .update(termSheet)
      .set({ status: 'superseded' })
      .where(and(eq(termSheet.loanId, l.id), eq(termSheet.status, 'issued')));
    if (locked.reference) await tellLender(tx, locked, 'loan-stage-lender', { stage: 'Withdrawn', note: reason });
  });
}

// ---------------------------------------------------------------- reading a loan file

/** A borrower's loans with what they must do next, newest first (My loans). */
export async function listBorrowerLoans(borrowerId: string) {
  const loans = await db().select().from(loan).where(eq(loan.borrowerId, borrowerId)).orderBy(desc(loan.createdAt));
  const [tallies, sheets] = await Promise.all([itemTallies(loans.map((l) => l.id)), openTermSheets(loans.map((l) => l.id))]);
  return loans.map((l) => ({
    id: l.id,
    reference: l.reference,
    stage: l.stage,
    stageChangedAt: l.stageChangedAt,
    loanAmount: l.loanAmount,
    property: propertyLine(l),
    purpose: l.purpose,
    createdAt: l.createdAt,
    nextStep: borrowerNextStep(l, tallies.get(l.id), sheets.has(l.id)),
  }));
}

interface Tally {
  requested: number;
  uploaded: number;
  accepted: number;
  needsAttention: number;
}

/** Checklist counts by status of each of `loanIds`. */
async function itemTallies(loanIds: string[]): Promise<Map<string, Tally>> {
  if (!loanIds.length) return new Map();
  const rows = await db()
    .select({ loanId: loanItem.loanId, status: loanItem.status, n: count() })
    .from(loanItem)
    .where(inArray(loanItem.loanId, loanIds))
    .groupBy(loanItem.loanId, loanItem.status);
  const tallies = new Map<string, Tally>();
  for (const r of rows) {
    const t = tallies.get(r.loanId) ?? { requested: 0, uploaded: 0, accepted: 0, needsAttention: 0 };
    const key = r.status === 'needs_attention' ? 'needsAttention' : r.status;
    t[key] = r.n;
    tallies.set(r.loanId, t);
  }
  return tallies;
}

/** The ids of `loanIds` with a term sheet waiting for the borrower's answer. */
async function openTermSheets(loanIds: string[]): Promise<Set<string>> {
  if (!loanIds.length) return new Set();
  const rows = await db()
    .select({ loanId: termSheet.loanId })
    .from(termSheet)
    .where(and(inArray(termSheet.loanId, loanIds), eq(termSheet.status, 'issued')));
  return new Set(rows.map((r) => r.loanId));
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** What the borrower of `l` must do next, in a sentence, or null when nothing is theirs. */
function borrowerNextStep(l: Loan, t: Tally | undefined, termSheetOpen: boolean): string | null {
  const stage = l.stage;
  if (stage === 'draft') return 'Finish your application and submit it.';
  if (CLOSED_STAGES.includes(stage) || stage === 'funded') return null;
  if (termSheetOpen) return 'Review your term sheet and accept or decline it.';
  if (t?.needsAttention) return `Replace ${plural(t.needsAttention, 'document')} that need attention.`;
  if (t?.requested) return `Upload ${plural(t.requested, 'requested document')}.`;
  return null;
}

/** What the lender's staff should do next about `l`, in a few words. */
function staffNextStep(l: Loan, t: Tally | undefined, termSheetOpen: boolean): string {
  const stage = l.stage;
  if (CLOSED_STAGES.includes(stage)) return '—';
  if (l.lastMessageFromStaff === false) return 'Reply to the borrower';
  if (t?.uploaded) return `Review ${plural(t.uploaded, 'upload')}`;
  switch (stage) {
    case 'submitted':
      return 'Start the review';
    case 'in_review':
      return t && t.requested + t.needsAttention > 0
        ? `Waiting on ${plural(t.requested + t.needsAttention, 'document')}`
        : 'Issue a term sheet';
    case 'term_sheet':
      return termSheetOpen ? "Waiting on the borrower's answer" : 'Term sheet declined: issue another or decline';
    case 'processing':
      return 'Complete underwriting';
    case 'approved':
      return 'Schedule the closing';
    case 'closing':
      return 'Fund the loan';
    default:
      return 'Service the loan';
  }
}

/**
 * The whole file of loan `l` for its `audience`: items with their documents, the timeline's
 * events, messages, term sheets, and, for 'staff' only, the internal notes.
 */
export async function loanFile(l: Loan, audience: 'borrower' | 'staff') {
  const [items, documents, events, messages, sheets, notes, borrower] = await Promise.all([
    db().select().from(loanItem).where(eq(loanItem.loanId, l.id)).orderBy(asc(loanItem.position)),
    db()
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
      .where(eq(loanItem.loanId, l.id))
      .orderBy(asc(document.createdAt)),
    db()
      .select({
        id: loanEvent.id,
        fromStage: loanEvent.fromStage,
        toStage: loanEvent.toStage,
        note: loanEvent.note,
        actorName: loanEvent.actorName,
        createdAt: loanEvent.createdAt,
      })
      .from(loanEvent)
      .where(eq(loanEvent.loanId, l.id))
      .orderBy(asc(loanEvent.createdAt)),
    db()
      .select({
        id: loanMessage.id,
        authorName: loanMessage.authorName,
        fromStaff: loanMessage.fromStaff,
        body: loanMessage.body,
        createdAt: loanMessage.createdAt,
      })
      .from(loanMessage)
      .where(eq(loanMessage.loanId, l.id))
      .orderBy(asc(loanMessage.createdAt)),
    db()
      .select({
        id: termSheet.id,
        amount: termSheet.amount,
        ratePercent: termSheet.ratePercent,
        points: termSheet.points,
        termMonths: termSheet.termMonths,
        ltv: termSheet.ltv,
        expiresOn: termSheet.expiresOn,
        status: termSheet.status,
        respondedAt: termSheet.respondedAt,
        createdAt: termSheet.createdAt,
        ...(audience === 'staff' ? { respondedIp: termSheet.respondedIp } : {}),
      })
      .from(termSheet)
      .where(eq(termSheet.loanId, l.id))
      .orderBy(desc(termSheet.createdAt)),
    audience === 'staff'
      ? db()
          .select({ id: loanNote.id, authorName: loanNote.authorName, body: loanNote.body, createdAt: loanNote.createdAt })
          .from(loanNote)
          .where(eq(loanNote.loanId, l.id))
          .orderBy(asc(loanNote.createdAt))
      : Promise.resolve(null),
    audience === 'staff'
      ? db()
          .select({ id: user.id, name: user.name, email: user.email, phone: profile.phone })
          .from(user)
          .innerJoin(profile, eq(profile.userId, user.id))
          .where(eq(user.id, l.borrowerId))
          .then(([b]) => b ?? null)
      : Promise.resolve(null),
  ]);
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

// ---------------------------------------------------------------- stages

/**
 * Staff move `l` to `to` with `note` (shown on the borrower's timeline and in the e-mail).
 * Declining goes through `declineLoan`. @throws Refused('conflict') for a move the pipeline
 * does not allow (staffMoves).
 */
export async function moveStage(admin: LoanActor, l: Loan, to: LoanStage, note: string | null) {
  if (to === 'declined') throw new Refused('invalid', 'Decline the loan with its reasons.', 'Stage not changed');
  await db().transaction(async (tx) => {
    const current = await lockLoan(tx, l.id);
    if (!staffMoves(current.stage).includes(to))
      throw new Refused(
        'conflict',
        `A loan cannot move from ${stageLabel(current.stage)} to ${stageLabel(to)}.`,
        'Stage not changed',
      );
    await recordMove(tx, current, to, admin, note);
    await tellBorrower(
      tx,
      current,
      'loan-stage-changed',
      { title: 'Loan stage changed', message: `${current.reference} moved to ${stageLabel(to)}.${note ? ` ${note}` : ''}` },
      { stage: stageLabel(to), note },
    );
    await audit(
      admin,
      'loan.stage_moved',
      { type: 'loan', id: l.id },
      { reference: l.reference, from: current.stage, to, note },
      tx,
    );
  });
}

/**
 * Staff decline `l` for `reason`: the stage becomes Declined and the borrower is sent the
 * written notice of action taken with the reason (Regulation B, 12 CFR 1002.9, asks it of
 * business-credit lenders), whatever their e-mail preferences.
 * @throws Refused('invalid') without a reason, Refused('conflict') when it cannot be declined.
 */
export async function declineLoan(admin: LoanActor, l: Loan, reason: string) {
  const clean = reason.trim();
  if (!clean) throw new Refused('invalid', 'Please give the reasons for the decision.', 'Loan not declined');
  await db().transaction(async (tx) => {
    const current = await lockLoan(tx, l.id);
    if (!staffMoves(current.stage).includes('declined'))
      throw new Refused('conflict', `A loan in ${stageLabel(current.stage)} cannot be declined.`, 'Loan not declined');
    await recordMove(tx, current, 'declined', admin, null);
    await tx.update(loan).set({ declineReason: clean }).where(eq(loan.id, l.id));
    await tx
      .update(termSheet)
      .set({ status: 'superseded' })
      .where(and(eq(termSheet.loanId, l.id), eq(termSheet.status, 'issued')));
    await tellBorrower(
      tx,
      current,
      'loan-declined',
      {
        title: 'Loan decision',
        message: `We are unable to make loan ${current.reference}. See the notice we sent you.`,
        type: 'error',
      },
      { reason: clean, decidedOn: lenderDay() },
      true,
    );
    await audit(admin, 'loan.declined', { type: 'loan', id: l.id }, { reference: l.reference, reason: clean }, tx);
  });
}

// ---------------------------------------------------------------- term sheets

export interface TermSheetTerms {
  /** Dollars. */
  amount: number;
  /** Percent a year. */
  ratePercent: number;
  /** Percent of the amount. */
  points: number;
  termMonths: number;
  /** Percent. */
  ltv: number;
  /** 'YYYY-MM-DD', the last day it may be accepted. */
  expiresOn: string;
}

/**
 * Staff issue a term sheet for `l`: an open one is superseded, a loan In review moves to
 * Term sheet, and the borrower is told. @throws Refused('conflict') outside In review / Term sheet.
 */
export async function issueTermSheet(admin: LoanActor, l: Loan, terms: TermSheetTerms) {
  await db().transaction(async (tx) => {
    const current = await lockLoan(tx, l.id);
    if (!canIssueTermSheet(current.stage))
      throw new Refused('conflict', 'A term sheet can be issued only while the loan is in review.', 'Term sheet not issued');
    await tx
      .update(termSheet)
      .set({ status: 'superseded' })
      .where(and(eq(termSheet.loanId, l.id), eq(termSheet.status, 'issued')));
    await tx.insert(termSheet).values({ loanId: l.id, ...terms, issuedBy: admin.id });
    if (current.stage === 'in_review') await recordMove(tx, current, 'term_sheet', admin, null);
    await tellBorrower(
      tx,
      current,
      'loan-term-sheet-issued',
      {
        title: 'Your term sheet is ready',
        message: `Review the term sheet for ${current.reference} on the loan page.`,
        type: 'success',
      },
      {
        amount: terms.amount,
        ratePercent: terms.ratePercent,
        points: terms.points,
        termMonths: terms.termMonths,
        ltv: terms.ltv,
        expiresOn: terms.expiresOn,
      },
    );
    await audit(admin, 'loan.term_sheet_issued', { type: 'loan', id: l.id }, { reference: l.reference, ...terms }, tx);
  });
}

/**
 * The borrower of `l` accepts or declines term sheet `termSheetId`, recorded with the time
 * and their client address (`ip`, `userAgent`). Accepting moves the loan to Processing.
 * @throws NotFound for a term sheet not on the loan, Refused('conflict') when it is no longer
 * open or has expired.
 */
export async function answerTermSheet(
  borrower: LoanActor,
  l: Loan,
  termSheetId: string,
  accept: boolean,
  client: { ip: string; userAgent: string | null },
) {
  await db().transaction(async (tx) => {
    const current = await lockLoan(tx, l.id);
    const [sheet] = isUuid(termSheetId)
      ? await tx
          .select()
          .from(termSheet)
          .where(and(eq(termSheet.id, termSheetId), eq(termSheet.loanId, l.id)))
      : [];
    if (!sheet) throw new NotFound('Term sheet not found.', 'Term sheet not found');
    if (sheet.status !== 'issued' || current.stage !== 'term_sheet')
      throw new Refused('conflict', 'This term sheet is no longer open.', 'Not recorded');
    if (sheet.expiresOn < lenderDay())
      throw new Refused('conflict', 'This term sheet has expired. Please message us for a new one.', 'Not recorded');
    await tx
      .update(termSheet)
      .set({
        status: accept ? 'accepted' : 'declined',
        respondedAt: new Date(),
        respondedIp: client.ip,
        respondedUserAgent: client.userAgent?.slice(0, 500) ?? null,
      })
      .where(eq(termSheet.id, sheet.id));
    if (accept) await recordMove(tx, current, 'processing', borrower, 'Term sheet accepted.');
    await tellLender(tx, current, 'loan-term-sheet-answered', {
      answer: accept ? 'accepted' : 'declined',
      termSheetAmount: sheet.amount,
      ip: client.ip,
    });
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

// ---------------------------------------------------------------- the pipeline

/**
 * One page of the pipeline: submitted loans (drafts are the borrower's), newest submission
 * first, optionally in `stage` and matching `q` (reference, property, borrower name or
 * e-mail). A page past the end gives the last page. Returns rows with the borrower, LTV, days
 * in stage and the next action, the total, page and page count.
 */
export async function listPipeline(opts: { q: string; stage: LoanStage | null; page: number }, now = new Date()) {
  const q = opts.q.trim();
  const where = and(
    isNotNull(loan.submittedAt),
    opts.stage ? eq(loan.stage, opts.stage) : ne(loan.stage, 'draft'),
    q ? like(loan.searchText, sql`lower(${containsPattern(q)})`) : undefined,
  );
  const { rows, total, page, pageCount } = await readNumberedPage({
    requestedPage: opts.page,
    pageSize: PIPELINE_PAGE_SIZE,
    total: undefined,
    count: async () => (await db().select({ n: count() }).from(loan).where(where))[0]?.n ?? 0,
    rows: ({ offset, limit, newestFirst }) => {
      const order = newestFirst ? desc : asc;
      return db()
        .select({ loan, borrowerName: user.name, borrowerEmail: user.email })
        .from(loan)
        .innerJoin(user, eq(user.id, loan.borrowerId))
        .where(where)
        .orderBy(order(loan.submittedAt), order(loan.id))
        .limit(limit)
        .offset(offset);
    },
  });
  const ids = rows.map((r) => r.loan.id);
  const [tallies, sheets] = await Promise.all([itemTallies(ids), openTermSheets(ids)]);
  return {
    total,
    page,
    pageCount,
    loans: rows.map(({ loan: l, borrowerName, borrowerEmail }) => ({
      id: l.id,
      reference: l.reference!,
      borrowerName,
      borrowerEmail,
      property: propertyLine(l),
      loanAmount: l.loanAmount,
      ltv: loanRatios({ ...l, purpose: l.purpose ?? undefined }).ltv,
      stage: l.stage,
      daysInStage: Math.max(0, Math.floor((now.getTime() - l.stageChangedAt.getTime()) / 86_400_000)),
      nextStep: staffNextStep(l, tallies.get(l.id), sheets.has(l.id)),
    })),
  };
}

/** How many submitted loans are in each stage (the admin dashboard). */
export async function loansByStage(): Promise<Record<string, number>> {
  const rows = await db().select({ stage: loan.stage, n: count() }).from(loan).where(ne(loan.stage, 'draft')).groupBy(loan.stage);
  return Object.fromEntries(rows.map((r) => [r.stage, r.n]));
}

/** The submitted loans of borrower `userId` for the admin user directory, newest first. */
export async function loansOfBorrower(userId: string, tx: Database = db()) {
  return tx
    .select({ reference: loan.reference, stage: loan.stage, loanAmount: loan.loanAmount, submittedAt: loan.submittedAt })
    .from(loan)
    .where(and(eq(loan.borrowerId, userId), isNotNull(loan.reference)))
    .orderBy(desc(loan.submittedAt));
}
