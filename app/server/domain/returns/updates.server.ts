/**
 * Loan updates (issue 25 "Loan updates"): when a loan with positions goes 30 days late, into
 * default, is extended or paid off, its investors get a notice (the portal notification, and the
 * e-mail 'loan-update' when they take e-mail: profile.notify_email), and staff post updates on a
 * troubled loan that its investors read on their position. Every update is a `loan_update` row.
 *
 * - The platform's events are announced once per loan, kind and episode (app/lib/returns/updates.ts
 *   `eventUpdate`): the unique index loan_update_event_idx keeps one row whatever runs or
 *   processes notice it, and only the insert that wrote the row tells the investors.
 * - The notices are written in the caller's transaction (the daily job's claim, the extension's
 *   approval, the payoff), as the outbox is transactional: an event that rolls back tells no one.
 * - Late and default come from the daily job 'returns-loan-updates' (jobs/returns.server.ts,
 *   `announceStanding`); extended from servicing's `decideExtension`; paid off from `recordPayoff`.
 *
 * Units: the lender's days 'YYYY-MM-DD'.
 */
import { asc, count, desc, eq } from 'drizzle-orm';
import { positionStatus } from '~/lib/returns/status';
import {
  eventUpdate,
  loanUpdateSchema,
  UPDATE_NOTICE_TITLES,
  UPDATE_NOTICE_TYPES,
  type LoanEvent,
  type LoanUpdateInput,
  type LoanUpdateRow,
} from '~/lib/returns/updates';
import type { LoanUpdateKind } from '~/lib/returns/vocabulary';
import { db, type Transaction, type Reader } from '../../db/client.server';
import { deal, loan, loanServicing, loanUpdate, position, profile, user } from '../../db/schema';
import { env } from '../../env.server';
import { Refused } from '../../errors.server';
import { queueEmail } from '../../mail/outbox.server';
import { audit } from '../audit.server';
import type { Loan, LoanActor } from '../loans/loan.server';
import { addNotification } from '../notifications.server';
import { loanStanding } from '../servicing/view.server';

/** The portal notification titles of loan updates (the investor's notices list filters by title). */
export const LOAN_UPDATE_NOTIFICATION_TITLES = [...new Set(Object.values(UPDATE_NOTICE_TITLES))];

/** Where an investor reads their positions and each loan's updates (the e-mail's link). */
export const investorUpdatesLink = () => `${env().PUBLIC_URL}/dashboard/investments`;

/** What an update announces. */
export interface LoanUpdateAnnouncement {
  kind: LoanUpdateKind;
  /** The event's episode (null for staff's posts, kind 'note'). */
  episode: string | null;
  title: string;
  body: string;
  /** Staff who wrote it; null for the platform's own. */
  authorId: string | null;
}

/**
 * Stores update `u` of loan `loanId` in `tx` and tells each investor holding a position on the
 * loan: the portal notification (title by kind, `UPDATE_NOTICE_TITLES`; message 'deal: title')
 * and the 'loan-update' e-mail when they take e-mail. A platform event (kind other than 'note')
 * already stored for its episode is left as it is and nobody is told again. A loan without
 * positions stores nothing. Returns the stored row's id and the investors told, or null.
 */
export async function announceLoanUpdate(
  tx: Transaction,
  loanId: string,
  u: LoanUpdateAnnouncement,
): Promise<{ id: string; investors: number } | null> {
  const investors = await tx
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      notifyEmail: profile.notifyEmail,
      dealTitle: deal.title,
    })
    .from(position)
    .innerJoin(user, eq(user.id, position.investorId))
    .innerJoin(deal, eq(deal.id, position.dealId))
    .leftJoin(profile, eq(profile.userId, position.investorId))
    .where(eq(position.loanId, loanId))
    .orderBy(asc(position.createdAt));
  if (investors.length === 0) return null;
  const [row] = await tx
    .insert(loanUpdate)
    .values({ loanId, kind: u.kind, episode: u.episode, title: u.title, body: u.body, authorId: u.authorId })
    .onConflictDoNothing()
    .returning({ id: loanUpdate.id });
  if (!row) return null;
  const link = investorUpdatesLink();
  for (const who of investors) {
    await addNotification(tx, who.id, {
      title: UPDATE_NOTICE_TITLES[u.kind],
      message: `${who.dealTitle}: ${u.title}`,
      type: UPDATE_NOTICE_TYPES[u.kind],
    });
    if (who.notifyEmail)
      await queueEmail(tx, {
        to: who.email,
        template: 'loan-update',
        payload: { name: who.name, dealTitle: who.dealTitle, kind: u.kind, title: u.title, body: u.body, link },
      });
  }
  return { id: row.id, investors: investors.length };
}

/** Announces the platform's `event` on loan `loanId` in `tx` (app/lib/returns/updates.ts `eventUpdate`); see `announceLoanUpdate`. */
export function announceLoanEvent(tx: Transaction, loanId: string, event: LoanEvent) {
  return announceLoanUpdate(tx, loanId, { ...eventUpdate(event), authorId: null });
}

/**
 * The daily job's work for loan `loanId` on the lender's day `day` (in the job's transaction
 * `tx`): the loan's status on that day (status.ts `positionStatus` from servicing's `loanStanding`)
 * and, when it is 30 or more days late, the 'late-30' event (episode: the oldest unpaid due day);
 * in default, the 'default' event (episode: the oldest unpaid due day, or 'maturity-<day>' when
 * past the maturity in force with principal outstanding). Each is announced once per episode: a
 * loan that pays and falls behind again is a new episode. Returns the kinds announced now.
 */
export async function announceStanding(tx: Transaction, loanId: string, day: string): Promise<LoanUpdateKind[]> {
  const [l] = await tx.select({ id: loan.id, stage: loan.stage }).from(loan).where(eq(loan.id, loanId));
  const on = l ? await loanStanding(l, day, tx) : null;
  if (!on?.pastDueSince) return [];
  const { standing, pastDueSince } = on;
  const status = positionStatus(standing);
  const announced: LoanUpdateKind[] = [];
  const matured = standing.principalCents > 0 && standing.maturityOn < day;
  if (status === 'late-30-59' || status === 'late-60-plus') {
    if (await announceLoanEvent(tx, loanId, { kind: 'late-30', dueOn: pastDueSince, daysPastDue: standing.daysPastDue }))
      announced.push('late-30');
  } else if (status === 'default') {
    const event: LoanEvent = matured
      ? { kind: 'default', maturedOn: standing.maturityOn }
      : { kind: 'default', dueOn: pastDueSince, daysPastDue: standing.daysPastDue };
    if (await announceLoanEvent(tx, loanId, event)) announced.push('default');
  }
  return announced;
}

/** The number of positions on loan `loanId` (staff may post updates only to a loan with investors). */
export async function loanInvestorCount(loanId: string, tx: Reader = db()): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(position).where(eq(position.loanId, loanId));
  return row?.n ?? 0;
}

/**
 * Staff (`actor`) post an update to the investors of loan `l` (found by `staffLoan`): `input`'s
 * title and text checked again (`loanUpdateSchema`), stored as kind 'note', every investor told
 * (`announceLoanUpdate`), audited 'loan.update_posted', in one transaction. Returns the update's id.
 * @throws Refused('invalid') for a title or text out of bounds; Refused('conflict') for a loan
 *   not boarded or without positions.
 */
export async function postLoanUpdate(actor: LoanActor, l: Loan, input: LoanUpdateInput): Promise<string> {
  const title = 'Update not posted';
  const parsed = loanUpdateSchema.safeParse(input);
  if (!parsed.success) throw new Refused('invalid', parsed.error.issues[0]?.message ?? 'Check the update.', title);
  return db().transaction(async (tx) => {
    const [boarded] = await tx.select({ id: loanServicing.loanId }).from(loanServicing).where(eq(loanServicing.loanId, l.id));
    if (!boarded) throw new Refused('conflict', 'Only a funded loan has investors to tell.', title);
    const posted = await announceLoanUpdate(tx, l.id, { kind: 'note', episode: null, ...parsed.data, authorId: actor.id });
    if (!posted) throw new Refused('conflict', 'This loan has no investors yet: there is nobody to tell.', title);
    await audit(
      actor,
      'loan.update_posted',
      { type: 'loan', id: l.id },
      { reference: l.reference, updateId: posted.id, title: parsed.data.title, investors: posted.investors },
      tx,
    );
    return posted.id;
  });
}

/** Every update of loan `loanId`, newest first, with the name of the staff member who posted it (the platform's: null). */
export async function updatesOfLoan(loanId: string, tx: Reader = db()): Promise<LoanUpdateRow[]> {
  const rows = await tx
    .select({
      id: loanUpdate.id,
      kind: loanUpdate.kind,
      title: loanUpdate.title,
      body: loanUpdate.body,
      authorName: user.name,
      createdAt: loanUpdate.createdAt,
    })
    .from(loanUpdate)
    .leftJoin(user, eq(user.id, loanUpdate.authorId))
    .where(eq(loanUpdate.loanId, loanId))
    .orderBy(desc(loanUpdate.createdAt), desc(loanUpdate.id));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}
