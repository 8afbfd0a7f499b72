/**
 * An investor's amount in a deal (issue "Investing"; docs/product.md §11): indicated against the
 * amount to raise under the deal's row lock (counted while there is room, waitlisted after, the
 * waitlist promoted in order as room frees up), withdrawn by the investor, moved by staff; and
 * the e-mails and notifications each change sends.
 */
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  amountRefusal,
  commitmentLabel,
  COUNTED_STATUSES,
  INVESTOR_EDITABLE_STATUSES,
  OPEN_STATUSES,
  STAFF_MOVES,
  type CommitmentStatus,
} from '~/lib/investing';
import { usd } from '~/lib/format';
import { db, type Transaction } from '../../db/client.server';
import { isUuid } from '../../db/query.server';
import { profile, softCommitment, suitabilityStatement, user } from '../../db/schema';
import { env } from '../../env.server';
import { NotFound, Refused } from '../../errors.server';
import { queueEmail } from '../../mail/outbox.server';
import { audit, type Actor } from '../audit.server';
import { addNotification } from '../notifications.server';
import {
  type InvestorRef,
  NOT_INVESTOR,
  currentAccreditation,
  accreditationRefusal,
  lockDeal,
  requireActive,
} from './investments.server';

type LockedDeal = Awaited<ReturnType<typeof lockDeal>>;

/** The sum of amounts that count against the raise on `dealId`, leaving out commitment `except`. */
async function countedTotal(tx: Transaction, dealId: string, except?: string): Promise<number> {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${softCommitment.amount}), 0)` })
    .from(softCommitment)
    .where(
      and(
        eq(softCommitment.dealId, dealId),
        inArray(softCommitment.status, [...COUNTED_STATUSES]),
        except ? ne(softCommitment.id, except) : undefined,
      ),
    );
  return Number(row?.total ?? 0);
}

/**
 * Moves waitlisted amounts of `target` up to Indicated, oldest first, while they fit in the
 * raise; stops at the first that does not (order of arrival). Tells each investor moved up.
 */
async function promoteWaitlist(tx: Transaction, target: LockedDeal): Promise<string[]> {
  const promoted: string[] = [];
  const waiting = await tx
    .select({ id: softCommitment.id, investorId: softCommitment.investorId, amount: softCommitment.amount })
    .from(softCommitment)
    .where(and(eq(softCommitment.dealId, target.id), eq(softCommitment.status, 'waitlisted')))
    .orderBy(asc(softCommitment.queuedAt), asc(softCommitment.id));
  let counted = await countedTotal(tx, target.id);
  for (const next of waiting) {
    if (counted + next.amount > target.amountToRaise) break;
    await tx
      .update(softCommitment)
      .set({ status: 'indicated', statusChangedAt: new Date() })
      .where(eq(softCommitment.id, next.id));
    counted += next.amount;
    promoted.push(next.id);
    await tellInvestor(tx, next.investorId, target, {
      title: 'Off the Waitlist',
      message: `Room opened in ${target.title}: your amount of ${usd(next.amount)} is now indicated.`,
      type: 'success',
      status: 'indicated',
      amount: next.amount,
    });
  }
  return promoted;
}

/** The result of indicating an amount. */
export interface IndicatedAmount {
  id: string;
  amount: number;
  status: 'indicated' | 'waitlisted';
}

/**
 * `investor` indicates `amount` (whole dollars) on deal `dealId`, or changes their open amount
 * there. It is Indicated when it fits in what is left of the raise and no one waits before it,
 * else Waitlisted (a change that no longer fits goes to the back of the waitlist).
 * @throws Refused for a non-investor, no current accreditation record, a closed deal, no signed
 *   suitability statement, an amount below the minimum or off the step, or an amount the lender
 *   has confirmed; NotFound for no deal. A refusal stores nothing.
 */
export async function indicateAmount(investor: InvestorRef, dealId: string, amount: number): Promise<IndicatedAmount> {
  if (!investor.isInvestor) throw NOT_INVESTOR;
  return db().transaction(async (tx) => {
    const target = await lockDeal(tx, dealId);
    requireActive(target);
    const accreditation = accreditationRefusal(await currentAccreditation(investor.id, tx));
    if (accreditation) throw new Refused('forbidden', accreditation, 'Accreditation needed');
    const [signed] = await tx
      .select({ id: suitabilityStatement.id })
      .from(suitabilityStatement)
      .where(and(eq(suitabilityStatement.investorId, investor.id), eq(suitabilityStatement.dealId, dealId)));
    if (!signed)
      throw new Refused('invalid', 'Please complete the suitability statement for this deal first.', 'Suitability statement');
    const refusal = amountRefusal(amount, target);
    if (refusal) throw new Refused('invalid', refusal, 'Amount not accepted');

    const [open] = await tx
      .select()
      .from(softCommitment)
      .where(
        and(
          eq(softCommitment.dealId, dealId),
          eq(softCommitment.investorId, investor.id),
          inArray(softCommitment.status, [...OPEN_STATUSES]),
        ),
      )
      .for('update');
    if (open && !(INVESTOR_EDITABLE_STATUSES as readonly string[]).includes(open.status))
      throw new Refused(
        'conflict',
        `The lender has ${open.status} your amount of ${usd(open.amount)}; to change it, please contact us.`,
        'Amount confirmed',
      );
    if (open?.amount === amount) return { id: open.id, amount, status: open.status as IndicatedAmount['status'] };

    const room = target.amountToRaise - (await countedTotal(tx, dealId, open?.id));
    const [ahead] = await tx
      .select({ id: softCommitment.id })
      .from(softCommitment)
      .where(
        and(
          eq(softCommitment.dealId, dealId),
          eq(softCommitment.status, 'waitlisted'),
          open ? ne(softCommitment.id, open.id) : undefined,
        ),
      )
      .limit(1);
    const now = new Date();
    let status: IndicatedAmount['status'];
    let id: string;
    if (open?.status === 'waitlisted') {
      // Keeps its place in line; moving up is decided below with everyone else's.
      status = 'waitlisted';
      id = open.id;
      await tx.update(softCommitment).set({ amount }).where(eq(softCommitment.id, open.id));
    } else if (open) {
      status = amount <= room ? 'indicated' : 'waitlisted';
      id = open.id;
      await tx
        .update(softCommitment)
        .set(status === 'indicated' ? { amount } : { amount, status, queuedAt: now, statusChangedAt: now })
        .where(eq(softCommitment.id, open.id));
    } else {
      status = !ahead && amount <= room ? 'indicated' : 'waitlisted';
      const [row] = await tx
        .insert(softCommitment)
        .values({ dealId, investorId: investor.id, amount, status, queuedAt: now, statusChangedAt: now })
        .returning({ id: softCommitment.id });
      id = row!.id;
    }
    const promoted = await promoteWaitlist(tx, target);
    if (promoted.includes(id)) status = 'indicated';
    else
      await tellInvestor(tx, investor.id, target, {
        title: status === 'indicated' ? 'Amount Indicated' : 'Amount Waitlisted',
        message:
          status === 'indicated'
            ? `You indicated ${usd(amount)} in ${target.title}. It is not binding until the lender confirms it.`
            : `${target.title} is fully subscribed: your amount of ${usd(amount)} is on the waitlist. We will tell you when room opens.`,
        type: status === 'indicated' ? 'success' : 'info',
        status,
        amount,
        // The investor just saw the answer on the page: an e-mail only for the waitlist.
        email: status === 'waitlisted',
      });
    await tellLender(tx, investor, target, { action: open ? 'changed' : 'new', amount, previous: open?.amount, status });
    return { id, amount, status };
  });
}

/**
 * `investor` withdraws their open amount `commitmentId` (Indicated or Waitlisted) while the deal
 * is Active; room it frees moves the waitlist up.
 * @throws NotFound when it is not theirs or not open; Refused('conflict') for a closed deal or an
 *   amount the lender has confirmed.
 */
export async function withdrawAmount(investor: InvestorRef, commitmentId: string): Promise<void> {
  if (!isUuid(commitmentId)) throw new NotFound('This amount does not exist.');
  await db().transaction(async (tx) => {
    const [mine] = await tx
      .select({ dealId: softCommitment.dealId })
      .from(softCommitment)
      .where(and(eq(softCommitment.id, commitmentId), eq(softCommitment.investorId, investor.id)));
    if (!mine) throw new NotFound('This amount does not exist.');
    const target = await lockDeal(tx, mine.dealId);
    requireActive(target);
    const [row] = await tx.select().from(softCommitment).where(eq(softCommitment.id, commitmentId)).for('update');
    if (!row || !(OPEN_STATUSES as readonly string[]).includes(row.status)) throw new NotFound('This amount does not exist.');
    if (!(INVESTOR_EDITABLE_STATUSES as readonly string[]).includes(row.status))
      throw new Refused(
        'conflict',
        `The lender has ${row.status} your amount; to withdraw it, please contact us.`,
        'Amount confirmed',
      );
    await tx
      .update(softCommitment)
      .set({ status: 'withdrawn', statusChangedAt: new Date() })
      .where(eq(softCommitment.id, commitmentId));
    await tellInvestor(tx, investor.id, target, {
      title: 'Amount Withdrawn',
      message: `You withdrew your amount of ${usd(row.amount)} in ${target.title}.`,
      type: 'info',
      status: 'withdrawn',
      amount: row.amount,
      email: false,
    });
    await tellLender(tx, investor, target, { action: 'withdrawn', amount: row.amount, status: 'withdrawn' });
    await promoteWaitlist(tx, target);
  });
}

/**
 * Staff move amount `commitmentId` to `to` (Confirmed, Funded or Declined: STAFF_MOVES) with
 * `note` (shown to the investor, audited). A decline frees room for the waitlist.
 * @throws NotFound for no such amount; Refused('conflict') for a move STAFF_MOVES does not allow.
 */
export async function moveCommitment(actor: Actor, commitmentId: string, to: CommitmentStatus, note: string): Promise<void> {
  if (!isUuid(commitmentId)) throw new NotFound('This amount does not exist.');
  await db().transaction((tx) => moveCommitmentIn(tx, actor, commitmentId, to, note));
}

/**
 * `moveCommitment` inside the caller's transaction `tx` (the deal's row, then the amount's, are
 * locked here): the one way an amount changes status for staff, with its audit event
 * ('commitment.moved', `details` added), the investor's notification and e-mail. Recording funds
 * received (domain/returns/positions.server.ts) moves the amount to Funded through it.
 * Returns the amount as it was before the move.
 * @throws as `moveCommitment`.
 */
export async function moveCommitmentIn(
  tx: Transaction,
  actor: Actor,
  commitmentId: string,
  to: CommitmentStatus,
  note: string,
  details: Record<string, unknown> = {},
): Promise<typeof softCommitment.$inferSelect> {
  const [found] = await tx
    .select({ dealId: softCommitment.dealId })
    .from(softCommitment)
    .where(eq(softCommitment.id, commitmentId));
  if (!found) throw new NotFound('This amount does not exist.');
  const target = await lockDeal(tx, found.dealId);
  const [row] = await tx.select().from(softCommitment).where(eq(softCommitment.id, commitmentId)).for('update');
  if (!row) throw new NotFound('This amount does not exist.');
  const from = row.status;
  if (!STAFF_MOVES[from].includes(to))
    throw new Refused(
      'conflict',
      `An amount that is ${commitmentLabel(from)} cannot be moved to ${commitmentLabel(to)}.`,
      'Not changed',
    );
  await tx
    .update(softCommitment)
    .set({ status: to, statusChangedAt: new Date(), note: note || null })
    .where(eq(softCommitment.id, commitmentId));
  await audit(
    actor,
    'commitment.moved',
    { type: 'commitment', id: commitmentId },
    { deal: target.title, dealId: target.id, amount: row.amount, from, to, note, ...details },
    tx,
  );
  const label = commitmentLabel(to);
  await tellInvestor(tx, row.investorId, target, {
    title: `Amount ${label}`,
    message: `The lender marked your amount of ${usd(row.amount)} in ${target.title} as ${label.toLowerCase()}.${note ? ` ${note}` : ''}`,
    type: to === 'declined' ? 'warning' : 'success',
    status: to,
    amount: row.amount,
    note,
  });
  if (to === 'declined') await promoteWaitlist(tx, target);
  return row;
}

// ---------------------------------------------------------------- telling people

/**
 * Adds the investor's portal notification and, when they take e-mail (profile.notify_email) and
 * `email` is not false, queues 'commitment-investor' to them.
 */
async function tellInvestor(
  tx: Transaction,
  investorId: string,
  target: LockedDeal,
  notice: {
    title: string;
    message: string;
    type: 'success' | 'info' | 'warning';
    status: CommitmentStatus;
    amount: number;
    note?: string;
    email?: boolean;
  },
) {
  await addNotification(tx, investorId, { title: notice.title, message: notice.message, type: notice.type });
  if (notice.email === false) return;
  const [who] = await tx
    .select({ email: user.email, name: user.name, notifyEmail: profile.notifyEmail })
    .from(user)
    .innerJoin(profile, eq(profile.userId, user.id))
    .where(eq(user.id, investorId));
  if (!who?.notifyEmail) return;
  await queueEmail(tx, {
    to: who.email,
    template: 'commitment-investor',
    payload: {
      name: who.name,
      subject: notice.title,
      message: notice.message,
      dealTitle: target.title,
      amount: notice.amount,
      status: commitmentLabel(notice.status),
      link: `${env().PUBLIC_URL}/deal/${target.id}`,
    },
  });
}

/** Queues 'commitment-lender' to NOTIFY_EMAIL about a new, changed or withdrawn amount. */
async function tellLender(
  tx: Transaction,
  investor: InvestorRef,
  target: LockedDeal,
  change: { action: 'new' | 'changed' | 'withdrawn'; amount: number; previous?: number; status: CommitmentStatus },
) {
  await queueEmail(tx, {
    to: env().NOTIFY_EMAIL,
    template: 'commitment-lender',
    payload: {
      action: change.action,
      dealTitle: target.title,
      investorName: investor.name,
      investorEmail: investor.email,
      amount: change.amount,
      previous: change.previous ?? null,
      status: commitmentLabel(change.status),
      link: `${env().PUBLIC_URL}/admin-dashboard/deals/${target.id}/investors`,
    },
  });
}
