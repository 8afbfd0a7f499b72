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
import { and, desc, eq, inArray, isNotNull, sql, type AnyColumn } from 'drizzle-orm';
import {
  DATA_ROOM_ACKNOWLEDGEMENT_VERSION,
  OPEN_STATUSES,
  SELF_CERTIFICATION_MONTHS,
  SUITABILITY_FORM_TEXT,
  SUITABILITY_FORM_VERSION,
  suitabilitySchema,
} from '~/lib/investing';
import { formatCalendarDay, lenderDay } from '~/lib/format';
import { db, type Transaction, type Reader } from '../../db/client.server';
import { isUuid, qualified } from '../../db/query.server';
import { bound, preparedRead, type BoundSql } from '../../db/prepared.server';
import { accreditationRecord, dataRoomAcknowledgement, deal, softCommitment, suitabilityStatement, user } from '../../db/schema';
import { NotFound, Refused } from '../../errors.server';

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
export const NOT_INVESTOR = new Refused(
  'forbidden',
  'Only investors can indicate an amount. Add the investor role on your profile.',
  'Investors only',
);

// ---------------------------------------------------------------- accreditation

/**
 * The query of an investor's current accreditation record: of the established ones (with an
 * expiry), the one that expires last, the newest of those on a tie; at most one row of id,
 * method, establishedOn and expiresOn ('YYYY-MM-DD'). `investorId` is an id or an outer row's
 * column, so a page reads it as a lateral join beside its other rows (issue 26). The one
 * definition of "current": `currentAccreditation`, a deal's position and the demand page use it.
 */
export function currentRecordQuery(investorId: string | AnyColumn, tx: Reader = db()) {
  return tx
    .select({
      id: accreditationRecord.id,
      method: accreditationRecord.method,
      establishedOn: accreditationRecord.establishedOn,
      expiresOn: accreditationRecord.expiresOn,
    })
    .from(accreditationRecord)
    .where(and(eq(accreditationRecord.investorId, investorId), isNotNull(accreditationRecord.expiresOn)))
    .orderBy(desc(accreditationRecord.expiresOn), desc(accreditationRecord.createdAt))
    .limit(1);
}

/** The investor's current accreditation record (`currentRecordQuery`), or null. */
export async function currentAccreditation(investorId: string, tx: Reader = db()) {
  const [row] = await currentRecordQuery(investorId, tx);
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
export async function recordSelfCertification(tx: Reader, investorId: string, now = new Date()) {
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
export async function lockDeal(tx: Transaction, dealId: string) {
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

export function requireActive(target: { status: string }) {
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

// ---------------------------------------------------------------- reading

const positionOn = preparedRead('investor_position', (r, dealId) => {
  const current = currentRecordQuery(user.id, r).as('current_record');
  // At most one open amount per investor and deal (soft_commitment_open_idx).
  const open = r
    .select({
      id: softCommitment.id,
      amount: softCommitment.amount,
      status: softCommitment.status,
      statusChangedAt: softCommitment.statusChangedAt,
      note: softCommitment.note,
      // The outer row's columns `qualified`: a bare name here would be ahead's own (every
      // waitlisted amount was counted).
      place: sql<number | null>`case when ${softCommitment.status} = 'waitlisted' then (
          select count(*)::int from ${softCommitment} ahead
           where ahead.deal_id = ${qualified(softCommitment.dealId)} and ahead.status = 'waitlisted'
             and (ahead.queued_at, ahead.id) <= (${qualified(softCommitment.queuedAt)}, ${qualified(softCommitment.id)})) end`.as(
        'place',
      ),
    })
    .from(softCommitment)
    .where(
      and(
        eq(softCommitment.investorId, user.id),
        eq(softCommitment.dealId, dealId),
        inArray(softCommitment.status, [...OPEN_STATUSES]),
      ),
    )
    .limit(1)
    .as('open_amount');
  return r
    .select({
      method: current.method,
      expiresOn: current.expiresOn,
      signedAt: suitabilityStatement.signedAt,
      acknowledgedAt: dataRoomAcknowledgement.acknowledgedAt,
      commitmentId: open.id,
      amount: open.amount,
      status: open.status,
      statusChangedAt: open.statusChangedAt,
      note: open.note,
      place: open.place,
    })
    .from(user)
    .leftJoinLateral(current, sql`true`)
    .leftJoin(suitabilityStatement, and(eq(suitabilityStatement.investorId, user.id), eq(suitabilityStatement.dealId, dealId)))
    .leftJoin(
      dataRoomAcknowledgement,
      and(eq(dataRoomAcknowledgement.investorId, user.id), eq(dataRoomAcknowledgement.dealId, dealId)),
    )
    .leftJoinLateral(open, sql`true`)
    .where(eq(user.id, sql.placeholder('investorId')));
});

/**
 * Where `investorId` stands on deal `dealId`: their current accreditation record
 * (`currentRecordQuery`) and why it blocks amounts (or null), when they signed the
 * suitability statement, when they acknowledged the data room, and their open amount with its
 * place in the waitlist (1 = next). One statement, keyed by the ids alone, so the deal's page
 * reads it with the deal (issue 26). @throws NotFound for a malformed deal id.
 */
export async function investorPosition(investorId: string, dealId: string) {
  if (!isUuid(dealId)) throw dealNotFound();
  const [row] = await positionOn(bound('dealId', dealId, { investorId }));
  const accreditation = row?.method && row.expiresOn ? { method: row.method, expiresOn: row.expiresOn } : null;
  return {
    accreditation,
    accreditationRefusal: accreditationRefusal(accreditation),
    suitabilitySignedAt: row?.signedAt ?? null,
    acknowledgedAt: row?.acknowledgedAt ?? null,
    commitment:
      row?.commitmentId && row.amount !== null && row.status && row.statusChangedAt
        ? {
            id: row.commitmentId,
            amount: row.amount,
            status: row.status,
            statusChangedAt: row.statusChangedAt,
            note: row.note,
            place: row.place,
          }
        : null,
  };
}

/**
 * Every amount `investorId` has indicated (newest first, history included) with its deal, and
 * the totals of the open ones by status (whole dollars).
 */
export async function investorCommitments(investorId: string) {
  return commitmentsView(await commitmentsOf(bound('investorId', investorId)));
}

/** `investorCommitments`' answer of the rows of `commitmentsPart`: the rows and the open ones' totals by status. */
export function commitmentsView(rows: Awaited<ReturnType<typeof commitmentsOf>>) {
  const totals = { indicated: 0, waitlisted: 0, confirmed: 0, funded: 0 };
  for (const r of rows) if (r.status in totals) totals[r.status as keyof typeof totals] += r.amount;
  return { commitments: rows, totals };
}

/** The select of `investorCommitments`, of the investor the bound SQL `investorId` names (also a part of My investments' one statement). */
export const commitmentsPart = (r: Reader, investorId: BoundSql) =>
  r
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
const commitmentsOf = preparedRead('investor_commitments', commitmentsPart);
