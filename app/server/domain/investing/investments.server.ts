/**
 * Soft commitments (issue "Investing"; docs/product.md §11): an investor's non-binding amount on
 * a deal, the Nevada suitability statement signed before the first one, the data room's
 * confidentiality acknowledgement, the accreditation record that must be current, the waitlist
 * and the staff's moves (Confirmed, Funded, Declined).
 *
 * Every change of amounts on a deal runs in one transaction that first locks the deal's row, so
 * concurrent amounts are decided one after another: the counted total (indicated, confirmed,
 * funded) never passes the amount to raise, and what does not fit goes to the waitlist in order
 * of arrival. Whatever frees room (a withdrawal, a decline, a lower amount) moves waitlisted
 * amounts up, oldest first, while they fit; each investor moved up is told.
 */
import { and, asc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import {
  amountRefusal,
  commitmentLabel,
  COUNTED_STATUSES,
  DATA_ROOM_ACKNOWLEDGEMENT_VERSION,
  INVESTOR_EDITABLE_STATUSES,
  OPEN_STATUSES,
  SELF_CERTIFICATION_MONTHS,
  STAFF_MOVES,
  SUITABILITY_FORM_TEXT,
  SUITABILITY_FORM_VERSION,
  suitabilitySchema,
  type CommitmentStatus,
} from '~/lib/investing';
import { formatCalendarDay, lenderDay, usd } from '~/lib/format';
import { db, type Transaction } from '../../db/client.server';
import { isUuid } from '../../db/query.server';
import {
  accreditationRecord,
  dataRoomAcknowledgement,
  deal,
  profile,
  softCommitment,
  suitabilityStatement,
  user,
} from '../../db/schema';
import { env } from '../../env.server';
import { NotFound, Refused } from '../../errors.server';
import { queueEmail } from '../../mail/outbox.server';
import { audit, type Actor } from '../audit.server';
import { addNotification } from '../notifications.server';

/** The investor acting: the signed-in user with the investor role. */
export interface InvestorRef {
  id: string;
  name: string;
  email: string;
  isInvestor: boolean;
}

/** Investor-portal notification titles of amounts (shown with the interest ones). */
export const COMMITMENT_NOTIFICATION_TITLES = [
  'Amount Indicated',
  'Amount Waitlisted',
  'Amount Withdrawn',
  'Off the Waitlist',
  'Amount Confirmed',
  'Amount Funded',
  'Amount Declined',
];

const dealNotFound = () => new NotFound('This deal does not exist.', 'Deal Not Found');
const NOT_INVESTOR = new Refused(
  'forbidden',
  'Only investors can indicate an amount. Add the investor role on your profile.',
  'Investors only',
);

// ---------------------------------------------------------------- accreditation

/** The investor's current accreditation record: the newest established one (with an expiry), or null. */
export async function currentAccreditation(investorId: string, tx: Transaction | ReturnType<typeof db> = db()) {
  const [row] = await tx
    .select({
      id: accreditationRecord.id,
      method: accreditationRecord.method,
      establishedOn: accreditationRecord.establishedOn,
      expiresOn: accreditationRecord.expiresOn,
    })
    .from(accreditationRecord)
    .where(and(eq(accreditationRecord.investorId, investorId), isNotNull(accreditationRecord.expiresOn)))
    .orderBy(sql`${accreditationRecord.expiresOn} desc`, sql`${accreditationRecord.createdAt} desc`)
    .limit(1);
  return row ?? null;
}

/**
 * Why an investor with `record` (their current one) may not indicate an amount on `today`
 * ('YYYY-MM-DD', lender's zone), or null. A record counts through its expiry day.
 */
export function accreditationRefusal(record: { expiresOn: string | null } | null, today = lenderDay()): string | null {
  if (!record?.expiresOn)
    return 'Your profile has no current accreditation record. Upload a verification letter from your CPA or attorney on your profile; we will confirm it.';
  if (record.expiresOn < today)
    return `Your accreditation record expired on ${formatCalendarDay(record.expiresOn)}. Upload a new verification letter on your profile to indicate amounts.`;
  return null;
}

/** 'YYYY-MM-DD' `months` after the calendar day `day` (the same day of the month, or the month's last). */
export function addMonthsToDay(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
}

/**
 * Records the self-certification of a new investor who answered 'accredited: yes' at sign-up:
 * established today, valid for SELF_CERTIFICATION_MONTHS (docs/product.md §11).
 */
export async function recordSelfCertification(tx: Transaction | ReturnType<typeof db>, investorId: string, now = new Date()) {
  const today = lenderDay(now);
  await tx.insert(accreditationRecord).values({
    investorId,
    method: 'self_certified',
    establishedOn: today,
    expiresOn: addMonthsToDay(today, SELF_CERTIFICATION_MONTHS),
    verifiedAt: now,
  });
}

// ---------------------------------------------------------------- signatures

/** The deal `dealId` locked for a change of amounts, or NotFound. */
async function lockDeal(tx: Transaction, dealId: string) {
  if (!isUuid(dealId)) throw dealNotFound();
  const [row] = await tx
    .select({
      id: deal.id,
      title: deal.title,
      status: deal.status,
      deletedAt: deal.deletedAt,
      amountToRaise: deal.amountToRaise,
      minimumInvestment: deal.minimumInvestment,
      investmentStep: deal.investmentStep,
    })
    .from(deal)
    .where(eq(deal.id, dealId))
    .for('update');
  if (!row || row.deletedAt) throw dealNotFound();
  return row;
}

function requireActive(target: { status: string }) {
  if (target.status !== 'Active')
    throw new Refused('conflict', 'This deal is closed: amounts can no longer be indicated or changed.', 'Deal Closed');
}

/**
 * Records `investor`'s suitability statement for deal `dealId` (the current form's text, the
 * answers, the time and `clientIp`); a second signature keeps the first.
 * @throws Refused('forbidden') for a non-investor, Refused('invalid') with the form's message for
 *   answers that do not qualify, Refused('conflict') for a closed deal, NotFound for no deal.
 */
export async function signSuitability(investor: InvestorRef, dealId: string, answers: unknown, clientIp: string | null) {
  if (!investor.isInvestor) throw NOT_INVESTOR;
  const parsed = suitabilitySchema.safeParse(answers);
  if (!parsed.success) throw new Refused('invalid', parsed.error.issues[0]!.message, 'Suitability statement');
  await db().transaction(async (tx) => {
    requireActive(await lockDeal(tx, dealId));
    await tx
      .insert(suitabilityStatement)
      .values({
        investorId: investor.id,
        dealId,
        formVersion: SUITABILITY_FORM_VERSION,
        formText: SUITABILITY_FORM_TEXT,
        answers: parsed.data,
        clientIp,
      })
      .onConflictDoNothing();
  });
}

/** `investor`'s signed statement for `dealId`, or null (their own only). */
export async function suitabilityOf(investorId: string, dealId: string) {
  if (!isUuid(dealId)) return null;
  const [row] = await db()
    .select()
    .from(suitabilityStatement)
    .where(and(eq(suitabilityStatement.investorId, investorId), eq(suitabilityStatement.dealId, dealId)));
  return row ?? null;
}

/**
 * Records that `investor` acknowledged deal `dealId`'s data room as confidential (once; the first
 * time and address are kept). @throws Refused('forbidden') for a non-investor, NotFound.
 */
export async function acknowledgeDataRoom(investor: InvestorRef, dealId: string, clientIp: string | null) {
  if (!investor.isInvestor) throw NOT_INVESTOR;
  if (!isUuid(dealId)) throw dealNotFound();
  const [target] = await db().select({ deletedAt: deal.deletedAt }).from(deal).where(eq(deal.id, dealId));
  if (!target || target.deletedAt) throw dealNotFound();
  await db()
    .insert(dataRoomAcknowledgement)
    .values({ investorId: investor.id, dealId, statementVersion: DATA_ROOM_ACKNOWLEDGEMENT_VERSION, clientIp })
    .onConflictDoNothing();
}

/** When `investorId` acknowledged `dealId`'s data room, or null. */
export async function dataRoomAcknowledged(investorId: string, dealId: string): Promise<Date | null> {
  if (!isUuid(dealId)) return null;
  const [row] = await db()
    .select({ at: dataRoomAcknowledgement.acknowledgedAt })
    .from(dataRoomAcknowledgement)
    .where(and(eq(dataRoomAcknowledgement.investorId, investorId), eq(dataRoomAcknowledgement.dealId, dealId)));
  return row?.at ?? null;
}

// ---------------------------------------------------------------- amounts

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
  await db().transaction(async (tx) => {
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
      { deal: target.title, dealId: target.id, amount: row.amount, from, to, note },
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
  });
}

// ---------------------------------------------------------------- reading

/** What is indicated on deal `dealId`: the counted total (whole dollars) and the waitlist's count and sum. */
export async function dealSubscription(dealId: string) {
  const [row] = await db()
    .select({
      counted: sql<string>`coalesce(sum(${softCommitment.amount}) filter (where ${softCommitment.status} in ('indicated', 'confirmed', 'funded')), 0)`,
      waitlisted: sql<string>`coalesce(sum(${softCommitment.amount}) filter (where ${softCommitment.status} = 'waitlisted'), 0)`,
      waiting: sql<number>`count(*) filter (where ${softCommitment.status} = 'waitlisted')::int`,
    })
    .from(softCommitment)
    .where(eq(softCommitment.dealId, dealId));
  return { counted: Number(row?.counted ?? 0), waitlisted: Number(row?.waitlisted ?? 0), waiting: row?.waiting ?? 0 };
}

/**
 * Where `investorId` stands on deal `dealId`: their current accreditation record and why it
 * blocks amounts (or null), whether they signed the suitability statement, when they
 * acknowledged the data room, and their open amount with its place in the waitlist (1 = next).
 */
export async function investorPosition(investorId: string, dealId: string) {
  const [accreditation, statement, acknowledgedAt, [open]] = await Promise.all([
    currentAccreditation(investorId),
    suitabilityOf(investorId, dealId),
    dataRoomAcknowledged(investorId, dealId),
    db()
      .select({
        id: softCommitment.id,
        amount: softCommitment.amount,
        status: softCommitment.status,
        statusChangedAt: softCommitment.statusChangedAt,
        note: softCommitment.note,
        place: sql<number | null>`case when ${softCommitment.status} = 'waitlisted' then (
          select count(*)::int from ${softCommitment} ahead
           where ahead.deal_id = ${softCommitment.dealId} and ahead.status = 'waitlisted'
             and (ahead.queued_at, ahead.id) <= (${softCommitment.queuedAt}, ${softCommitment.id})) end`,
      })
      .from(softCommitment)
      .where(
        and(
          eq(softCommitment.investorId, investorId),
          eq(softCommitment.dealId, dealId),
          inArray(softCommitment.status, [...OPEN_STATUSES]),
        ),
      ),
  ]);
  return {
    accreditation: accreditation ? { method: accreditation.method, expiresOn: accreditation.expiresOn } : null,
    accreditationRefusal: accreditationRefusal(accreditation),
    suitabilitySignedAt: statement?.signedAt ?? null,
    acknowledgedAt,
    commitment: open ? open : null,
  };
}

/**
 * Every amount `investorId` has indicated (newest first, history included) with its deal, and
 * the totals of the open ones by status (whole dollars).
 */
export async function investorCommitments(investorId: string) {
  const rows = await db()
    .select({
      id: softCommitment.id,
      dealId: softCommitment.dealId,
      dealTitle: deal.title,
      dealStatus: deal.status,
      amount: softCommitment.amount,
      status: softCommitment.status,
      statusChangedAt: softCommitment.statusChangedAt,
      note: softCommitment.note,
    })
    .from(softCommitment)
    .innerJoin(deal, eq(deal.id, softCommitment.dealId))
    .where(and(eq(softCommitment.investorId, investorId), sql`${deal.deletedAt} is null`))
    .orderBy(sql`${softCommitment.createdAt} desc`);
  const totals = { indicated: 0, waitlisted: 0, confirmed: 0, funded: 0 };
  for (const r of rows) if (r.status in totals) totals[r.status as keyof typeof totals] += r.amount;
  return { commitments: rows, totals };
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
