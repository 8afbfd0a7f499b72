/**
 * The amounts of a deal as the demand page and its export read them (issue "Investing";
 * demand.server.ts): in order of arrival, one status or all, a window from either end, or the
 * first of each status; only the window is joined to the investor, their suitability statement
 * for the deal and their current accreditation record. Each shape is its own prepared statement
 * (db/prepared.server.ts), so a page's reads are not built anew per request (issue 26).
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { COMMITMENT_STATUSES, DEMAND_PAGE_SIZE, type CommitmentStatus } from '~/lib/investing';
import type { Reader } from '../../db/client.server';
import { bound, preparedRead, type BoundSql } from '../../db/prepared.server';
import { softCommitment, suitabilityStatement, user } from '../../db/schema';
import { currentRecordQuery } from './investments.server';

/** The statuses in the demand page's order (the vocabulary's). */
export const STATUS_ORDER = COMMITMENT_STATUSES.map((s) => s.value);

/** The statuses in the page's order, as a PostgreSQL array literal (constants of the vocabulary). */
const STATUS_ARRAY = sql.raw(`array[${STATUS_ORDER.map((s) => `'${s}'`).join(', ')}]::text[]`);
/** An amount's status's place in the page's order (1 = Indicated). */
const statusRank = sql`array_position(${STATUS_ARRAY}, ${softCommitment.status})`;

/**
 * True for the first `limit` amounts of `dealId` of each status in order of arrival: one index
 * range of soft_commitment_deal_idx per status, so the first page by status reads at most
 * `limit` rows of each, however many amounts the deal has.
 */
function firstOfEachStatus(dealId: BoundSql, limit: BoundSql) {
  return sql`${softCommitment.id} in (
    select head.id from unnest(${STATUS_ARRAY}) as s(status)
     cross join lateral (
       select ahead.id from ${softCommitment} ahead
        where ahead.deal_id = ${dealId} and ahead.status = s.status
        order by ahead.queued_at, ahead.id limit ${limit}) head)`;
}

/** Which amounts `amountsQuery` reads: the shape of its statement (the values are placeholders). */
interface AmountsShape {
  /** One status (the placeholder `status`), or all. */
  byOneStatus: boolean;
  /** A window: the placeholders `limit` and `offset`. */
  windowed: boolean;
  /** The offset counts from the last, and rows come last first. */
  fromEnd: boolean;
  /** The first `limit` amounts of each status, by status then order of arrival. */
  byStatus: boolean;
}

/**
 * The select of the amounts of the deal `dealId` names (bound SQL) of `shape`, in order of
 * arrival. Only the window is joined to the investor, their statement for the deal and their
 * current accreditation record.
 */
function amountsQuery(r: Reader, dealId: BoundSql, shape: AmountsShape) {
  const order = shape.fromEnd ? desc : asc;
  let window = r
    .select({
      id: softCommitment.id,
      investorId: softCommitment.investorId,
      amount: softCommitment.amount,
      status: softCommitment.status,
      queuedAt: softCommitment.queuedAt,
      statusChangedAt: softCommitment.statusChangedAt,
      note: softCommitment.note,
    })
    .from(softCommitment)
    .where(
      and(
        eq(softCommitment.dealId, dealId),
        shape.byOneStatus ? eq(softCommitment.status, sql.placeholder('status')) : undefined,
        shape.byStatus ? firstOfEachStatus(dealId, sql.placeholder('limit')) : undefined,
      ),
    )
    .orderBy(...(shape.byStatus ? [statusRank] : []), order(softCommitment.queuedAt), order(softCommitment.id))
    .$dynamic();
  if (shape.windowed) window = window.limit(sql.placeholder('limit')).offset(sql.placeholder('offset'));
  const page = window.as('page_amounts');
  const current = currentRecordQuery(page.investorId).as('current_record');
  return r
    .select({
      id: page.id,
      investorId: page.investorId,
      name: user.name,
      email: user.email,
      amount: page.amount,
      status: page.status,
      queuedAt: page.queuedAt,
      statusChangedAt: page.statusChangedAt,
      note: page.note,
      signedAt: suitabilityStatement.signedAt,
      netWorth: sql<boolean | null>`(${suitabilityStatement.answers} ->> 'netWorthOver250k')::boolean`,
      income: sql<boolean | null>`(${suitabilityStatement.answers} ->> 'incomeOver70k')::boolean`,
      method: current.method,
      expiresOn: current.expiresOn,
    })
    .from(page)
    .innerJoin(user, eq(user.id, page.investorId))
    .leftJoin(
      suitabilityStatement,
      and(eq(suitabilityStatement.investorId, page.investorId), eq(suitabilityStatement.dealId, dealId)),
    )
    .leftJoinLateral(current, sql`true`)
    .orderBy(order(page.queuedAt), order(page.id));
}

/** One prepared read per shape of `amountsQuery` (at most 16), made when first used. */
const amountReads = new Map<string, ReturnType<typeof amountsRead>>();
const amountsRead = (key: string, shape: AmountsShape) =>
  preparedRead(`demand_amounts_${key}`, (r, dealId) => amountsQuery(r, dealId, shape));

/**
 * Amounts of `dealId` (in `status`, or all) in order of arrival, `limit` from `offset` when
 * given (`fromEnd`: the offset counts from the last and rows come last first). `byStatus` (with
 * `limit`, no offset): the first `limit` amounts by status, then order of arrival (the page's
 * order; rows come in order of arrival: `firstAmounts` sorts them).
 */
export function amountRows(
  dealId: string,
  opts: { status?: CommitmentStatus; offset?: number; limit?: number; fromEnd?: boolean; byStatus?: boolean },
) {
  const shape: AmountsShape = {
    byOneStatus: opts.status !== undefined,
    windowed: opts.limit !== undefined,
    fromEnd: !!opts.fromEnd,
    byStatus: !!opts.byStatus,
  };
  const key = Object.entries(shape)
    .filter(([, on]) => on)
    .map(([name]) => name)
    .join('_');
  let read = amountReads.get(key);
  if (!read) amountReads.set(key, (read = amountsRead(key || 'all', shape)));
  return read(bound('dealId', dealId, { status: opts.status, limit: opts.limit ?? DEMAND_PAGE_SIZE, offset: opts.offset ?? 0 }));
}

/** One amount as `amountRows` reads it. */
export type AmountRecord = Awaited<ReturnType<typeof amountRows>>[number];
