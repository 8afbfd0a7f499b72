/**
 * The loan file's core (issue "The loan file"; docs/product.md §10): a borrower's application saved
 * step by step as a draft, submitted with a reference, then moved along the pipeline by the
 * lender's staff with its document checklist, messages, internal notes and term sheets.
 *
 * Who may see what is decided here, once: `borrowerLoan` finds a loan only for its borrower,
 * `staffLoan` for an admin; every other function takes the loan such a lookup returned, so
 * another user's loan is never found (the routes answer 404). Internal notes are read only by
 * `loanFile(…, 'staff')`. Every change and the e-mails and notifications it causes are one
 * transaction; every staff change is audited in it.
 */
import { and, eq, type SQL, sql, type AnyColumn } from 'drizzle-orm';
import { CLOSED_STAGES, isReference, type LoanStage } from '~/lib/loans';
import { db, type Transaction, type Reader } from '../../db/client.server';
import { isUuid, qualified } from '../../db/query.server';
import { bound, preparedRead, type Bound, type BoundSql } from '../../db/prepared.server';
import { loan, loanEvent, loanItem, profile, termSheet, user } from '../../db/schema';
import { env } from '../../env.server';
import { NotFound } from '../../errors.server';
import { queueEmail } from '../../mail/outbox.server';
import type { EmailPayload } from '../../mail/templates.server';
import type { BorrowerLoanPayload, LenderLoanPayload } from '../../mail/templates/loans.server';
import { type Actor } from '../audit.server';
import { addNotification } from '../notifications.server';

export type Loan = typeof loan.$inferSelect;

/** A person acting on a loan: the borrower, or an admin (staff). */
export interface LoanActor extends Actor {
  name: string;
}

export const NOT_FOUND = () => new NotFound('Loan not found.', 'Loan not found');

// ---------------------------------------------------------------- finding a loan

/**
 * Loan `key` (its reference, or a draft's id) of `borrowerId`, or null when there is no
 * such loan of theirs: another borrower's loan is not found.
 */
export async function borrowerLoan(borrowerId: string, key: string): Promise<Loan | null> {
  return loanWhere(borrowerMatch(borrowerId, key));
}

/** Submitted loan `reference` for the lender's staff (callers check is_admin), or null. */
export async function staffLoan(reference: string): Promise<Loan | null> {
  return loanWhere(staffMatch(reference));
}

/**
 * The condition on `loan` that finds `key` of `borrowerId`: its reference, or a draft's id;
 * null when `key` is neither shape (nothing to look for). The one rule of `borrowerLoan` and
 * `borrowerLoanRead`, bound (its values are placeholders) so its reads are prepared once.
 */
function borrowerMatch(borrowerId: string, key: string): Bound | null {
  const by = isReference(key) ? 'reference' : isUuid(key) ? 'id' : null;
  if (!by) return null;
  const keyColumn = by === 'reference' ? loan.reference : loan.id;
  return {
    sql: and(eq(keyColumn, sql.placeholder('loanKey')), eq(loan.borrowerId, sql.placeholder('viewerId'))) as SQL,
    shape: `borrower-${by}`,
    values: { loanKey: key, viewerId: borrowerId },
  };
}

/** The condition on `loan` that finds submitted loan `reference` for staff, bound; null when malformed. */
function staffMatch(reference: string): Bound | null {
  return isReference(reference)
    ? { sql: eq(loan.reference, sql.placeholder('loanKey')), shape: 'staff-reference', values: { loanKey: reference } }
    : null;
}

const loanRow = preparedRead('loan_row', (r, where) =>
  r
    .select()
    .from(loan)
    .where(where as SQL),
);

/** The loan row where `match` holds, or null (also when `match` is null). */
async function loanWhere(match: Bound | null): Promise<Loan | null> {
  if (!match) return null;
  const [row] = await loanRow(match);
  return row ?? null;
}

/** Bound SQL naming the id of the loan where `match` holds: NULL when none or `match` is null. */
function loanIdWhere(match: Bound | null): Bound {
  return match
    ? { sql: sql`(select ${loan.id} from ${loan} where ${match.sql})`, shape: match.shape, values: match.values }
    : { sql: sql`null::uuid`, shape: 'none', values: {} };
}

// ---------------------------------------------------------------- a loan read with its parts

/**
 * How a loan's parts (its file, servicing, draws, statements) name the loan in their reads: its
 * id, or bound SQL that finds the id inside the same statement (a `LoanRead`'s), so a page sends
 * the loan's own read and all its parts' together, one database wait (issue 26, decision 0010).
 */
export type LoanId = string | Bound;

/** `id` as bound SQL for a prepared read (`preparedRead`): an id is the placeholder `loanId`. */
export function loanBound(id: LoanId): Bound {
  return typeof id === 'string' ? bound('loanId', id) : id;
}

/**
 * A loan being read: `loan` resolves to its row (null when there is none, or none the reader may
 * see), and `id` is bound SQL naming that same loan's id (NULL when there is none, so each part
 * read with it is empty). A page starts the parts' reads with `id` beside `loan`, then builds them
 * with the row, or answers 404 when it is null; nothing read is shown before the row says whose.
 */
export interface LoanRead {
  id: Bound;
  loan: Promise<Loan | null>;
}

/** Loan `key` of `borrowerId` as `borrowerLoan` finds it, read with its parts (`LoanRead`). */
export function borrowerLoanRead(borrowerId: string, key: string): LoanRead {
  const match = borrowerMatch(borrowerId, key);
  return { id: loanIdWhere(match), loan: loanWhere(match) };
}

/** Loan `reference` as `staffLoan` finds it for staff, read with its parts (`LoanRead`). */
export function staffLoanRead(reference: string): LoanRead {
  const match = staffMatch(reference);
  return { id: loanIdWhere(match), loan: loanWhere(match) };
}

/** True when `l` is a `LoanRead` (its row still coming), not the row itself. */
export function isLoanRead(l: Loan | LoanRead): l is LoanRead {
  return 'loan' in l && l.loan instanceof Promise;
}

/** The row of `l`: itself, or a `LoanRead`'s once read (null: none). */
export async function loanRowOf(l: Loan | LoanRead): Promise<Loan | null> {
  return isLoanRead(l) ? l.loan : l;
}

/** SQL reading `column` of the loan `id` names (a `LoanId`'s SQL), for a part whose read needs it (its borrower, its stage). */
export function loanColumn(id: BoundSql, column: AnyColumn): SQL {
  return sql`(select ${column} from ${loan} where ${eq(loan.id, id)})`;
}

/** The loan `loanId` locked for a change in `tx`. @throws NotFound when it is gone. */
export async function lockLoan(tx: Transaction, loanId: string): Promise<Loan> {
  const [row] = await tx.select().from(loan).where(eq(loan.id, loanId)).for('update');
  if (!row) throw NOT_FOUND();
  return row;
}

/** '/dashboard/loans/OL-2026-00042' on this site, for e-mails. */
export const borrowerLink = (l: Pick<Loan, 'reference' | 'id'>) => `${env().PUBLIC_URL}/dashboard/loans/${l.reference ?? l.id}`;
export const staffLink = (l: Pick<Loan, 'reference'>) => `${env().PUBLIC_URL}/admin-dashboard/loans/${l.reference}`;

/** 'Street, City, NV'. */
export function propertyLine(l: Pick<Loan, 'propertyAddress' | 'propertyCity' | 'propertyState'>): string {
  return [l.propertyAddress, l.propertyCity, l.propertyState].filter(Boolean).join(', ');
}

// ---------------------------------------------------------------- e-mails and notices

/** The templates to a borrower about their loan, and to the lender about one (templates/loans.server.tsx). */
export type BorrowerTemplate =
  | 'loan-submitted'
  | 'loan-item-requested'
  | 'loan-item-needs-attention'
  | 'loan-stage-changed'
  | 'loan-term-sheet-issued'
  | 'loan-message'
  | 'loan-declined'
  | 'loan-payment-recorded'
  | 'loan-payment-reversed'
  | 'loan-payoff-quote'
  | 'loan-extension-decided'
  | 'loan-draw-updated'
  | 'loan-statement'
  | 'loan-payment-due'
  | 'loan-payment-late'
  | 'loan-maturity';
export type LenderTemplate =
  | 'loan-application'
  | 'loan-item-uploaded'
  | 'loan-term-sheet-answered'
  | 'loan-message-lender'
  | 'loan-stage-lender'
  | 'loan-extension-requested'
  | 'loan-draw-submitted';

/**
 * Queues `template` to the borrower of `l` when they take e-mail (profile.notify_email), or
 * always with `required` (the notice of action taken), and adds the in-portal notification.
 * `payload` is the template's own part; the borrower's name, the reference, the property and
 * the loan page are added here.
 */
export async function tellBorrower<T extends BorrowerTemplate>(
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
    contact: await loanContact(l, tx),
  };
  // A generic spread is not known to make EmailPayload<T>; it does: T's payload is its own part and the base.
  await queueEmail(tx, { to: who.email, template, payload: { ...base, ...payload } as EmailPayload<T> });
}

/**
 * The named contact of `l` (issue 23 "Trust at first sight"): the staff member staff assigned,
 * with their e-mail and phone (profile), or null before one is assigned.
 */
export async function loanContact(
  l: Pick<Loan, 'contactId'>,
  tx: Reader = db(),
): Promise<{ name: string; email: string; phone: string | null } | null> {
  if (!l.contactId) return null;
  const [who] = await tx
    .select({ name: user.name, email: user.email, phone: profile.phone })
    .from(user)
    .leftJoin(profile, eq(profile.userId, user.id))
    .where(eq(user.id, l.contactId));
  return who ?? null;
}

/** Queues `template` to the lender (NOTIFY_EMAIL) about `l`, with the loan's facts added to `payload`. */
export async function tellLender<T extends LenderTemplate>(
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
export async function recordMove(tx: Transaction, l: Loan, to: LoanStage, actor: LoanActor | null, note: string | null) {
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

export interface Tally {
  requested: number;
  uploaded: number;
  accepted: number;
  needsAttention: number;
}

/**
 * The columns a list of loans reads beside each `loan` row so `borrowerNextStep` and
 * `staffNextStep` can say what comes next: the checklist's counts by status (`tally`, in the
 * order requested, uploaded, accepted, needs attention) and whether a term sheet waits for the
 * borrower's answer. Subqueries of the row (loan_item_loan_idx, term_sheet_issued_idx), so the
 * list is one statement, not three (issue 26). Read them back with `nextStepFacts`.
 */
export function nextStepColumns() {
  const id = qualified(loan.id);
  return {
    tally: sql<number[]>`(select array[count(*) filter (where ${loanItem.status} = 'requested'),
        count(*) filter (where ${loanItem.status} = 'uploaded'), count(*) filter (where ${loanItem.status} = 'accepted'),
        count(*) filter (where ${loanItem.status} = 'needs_attention')]::int[] from ${loanItem} where ${loanItem.loanId} = ${id})`,
    termSheetOpen: sql<boolean>`exists (select 1 from ${termSheet} where ${termSheet.loanId} = ${id} and ${termSheet.status} = 'issued')`,
  };
}

/** The tally and the open term sheet of a row read with `nextStepColumns`. */
export function nextStepFacts(row: { tally: number[]; termSheetOpen: boolean }): [Tally, boolean] {
  const [requested = 0, uploaded = 0, accepted = 0, needsAttention = 0] = row.tally;
  return [{ requested, uploaded, accepted, needsAttention }, row.termSheetOpen];
}

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** What the borrower of `l` must do next, in a sentence, or null when nothing is theirs. */
export function borrowerNextStep(l: Loan, t: Tally | undefined, termSheetOpen: boolean): string | null {
  const stage = l.stage;
  if (stage === 'draft') return 'Finish your application and submit it.';
  if (CLOSED_STAGES.includes(stage) || stage === 'funded') return null;
  if (termSheetOpen) return 'Review your term sheet and accept or decline it.';
  if (t?.needsAttention)
    return `Replace ${plural(t.needsAttention, 'document')} that ${t.needsAttention === 1 ? 'needs' : 'need'} attention.`;
  if (t?.requested) return `Upload ${plural(t.requested, 'requested document')}.`;
  return null;
}

/** What the lender's staff should do next about `l`, in a few words. */
export function staffNextStep(l: Loan, t: Tally | undefined, termSheetOpen: boolean): string {
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
