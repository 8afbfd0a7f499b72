/**
 * The staff's servicing list (issue 24 "Lender's staff": /admin-dashboard/servicing and its CSV):
 * every funded loan with a closing record (stage 'funded'; a paid-off loan leaves the list, its
 * file keeps its ledger), with its principal outstanding, next due day, days delinquent and
 * bucket, maturity in force, holdback remaining and draws waiting; filters (delinquent, maturing
 * within 60 days, draws waiting, a delinquency bucket), search and totals for the filter.
 *
 * One SQL statement per list, fast at 10,000 loans and 250,000+ entries (bench: `npm run bench --
 * servicing`; indexes in migration 0016):
 * - Balances are the loan's latest ledger row's `…After` columns, which the database copies into
 *   servicing_position with the statement that appends entries (migration 0016, decision 0007),
 *   so the list reads one row per loan. An entry dated after today (rare: recorded ahead; found
 *   through ledger_entry_day_idx) is taken back out, so every figure is as of the lender's `today`.
 * - Days delinquent equal schedule.ts `pastDueSince`: bills are paid oldest first, so with D the
 *   interest due (billed less paid), the oldest unpaid bill is the oldest one whose later bills
 *   (by due day) add up to less than D. The position keeps that bill's due day; for a loan with
 *   entries dated ahead the walk is done here over its bills up to today (ledger_entry_bills_due_idx).
 *   An unpaid principal is past due since the maturity once it has passed; the earlier day wins.
 *   tests/integration/servicing-portfolio.test.ts checks SQL = TypeScript over generated ledgers.
 *
 * Units: cents, the lender's days 'YYYY-MM-DD', days.
 */
import { sql, type SQL } from 'drizzle-orm';
import { lenderDay } from '~/lib/format';
import { addDays } from '~/lib/servicing/day-count';
import { nextDueOn } from '~/lib/servicing/schedule';
import { delinquencyBucket, type DelinquencyBucket } from '~/lib/servicing/vocabulary';
import { SERVICING_PAGE_SIZE, MATURING_WITHIN_DAYS, type ServicingFilter, type ServicingRow } from '~/lib/servicing/portfolio';
import { db } from '../../db/client.server';
import type { BoundSql } from '../../db/prepared.server';
import { containsPattern } from '../../db/query.server';

export interface ServicingQuery {
  /** Search text over the loan's reference, property and borrower (loan.search_text). */
  q: string;
  filter: ServicingFilter;
  /** Only loans in this delinquency bucket. */
  bucket?: DelinquencyBucket | null;
  /** 1-based; a page past the end gives the last page. */
  page: number;
}

/** The totals of a filter, in cents. */
export interface ServicingTotals {
  loans: number;
  principalCents: number;
  holdbackCents: number;
}

/** Days past due, from and to (included), of each bucket. */
const BUCKET_DAYS: Record<DelinquencyBucket, [number, number]> = {
  current: [0, 0],
  '1-29': [1, 29],
  '30-59': [30, 59],
  '60-89': [60, 89],
  '90-plus': [90, 2_147_483_647],
};

interface Raw {
  n: number;
  principal_total: string;
  holdback_total: string;
  page: number;
  loan_id: string | null;
  reference: string;
  borrower_name: string;
  property_address: string | null;
  property_city: string | null;
  property_state: string | null;
  funded_on: string;
  first_payment_on: string;
  maturity_on: string;
  principal_cents: string;
  holdback_cents: string;
  interest_due_cents: string;
  draws_waiting: number;
  past_due_since: string | null;
  days_late: number;
}

/**
 * The common table expressions that say where each loan stands on the lender's `today`, ending
 * with `late`: one row per boarded loan (`loan_servicing s` joined to `loan l`) matching `loans`
 * (a condition on `s` and `l`), with its reference, maturity in force (`maturity_on`), principal
 * outstanding, holdback remaining and interest due (cents, as of `today`), draws waiting,
 * `extended` (an approved extension), `past_due_since` and `days_late` (0 when current), by the
 * rules of this module's header. Shared by the servicing list and the investors' portfolio
 * (domain/returns/portfolio.server.ts), so days past due are computed in one place. Put after `with`.
 * `today` is a value or a placeholder (a prepared read's).
 */
export function loanStandingCtes(today: string | BoundSql, loans: SQL): SQL {
  return sql`
    future as (
      select e.loan_id,
        sum(case when e.kind in ('closing-disbursement', 'draw-disbursement') then e.amount_cents
                 when e.kind in ('payment', 'payoff', 'suspense-applied') then -e.principal_cents
                 when e.kind = 'payment-reversal' then e.principal_cents
                 when e.kind = 'adjustment' and e.bucket = 'principal' then e.amount_cents else 0 end) as principal,
        sum(case when e.kind = 'draw-disbursement' then -e.amount_cents
                 when e.kind = 'payoff' then -e.holdback_released_cents
                 when e.kind = 'adjustment' and e.bucket = 'holdback' then e.amount_cents else 0 end) as holdback,
        sum(case when e.kind = 'interest-billed' then e.amount_cents
                 when e.kind in ('payment', 'payoff', 'suspense-applied') then -e.interest_cents
                 when e.kind = 'payment-reversal' then e.interest_cents
                 when e.kind = 'adjustment' and e.bucket = 'interest' then e.amount_cents else 0 end) as interest
      from ledger_entry e where e.day > ${today}::date group by e.loan_id
    ),
    ahead as materialized (
      select p.loan_id, p.principal_cents - f.principal as principal_cents, p.holdback_cents - f.holdback as holdback_cents,
        p.interest_due_cents - f.interest as interest_due_cents
      from future f join servicing_position p on p.loan_id = f.loan_id
    ),
    ahead_unpaid as materialized (
      select a.*, case when a.interest_due_cents > 0 then (
        select min(w.due) from (
          select coalesce(b.due_on, b.day) as due,
            sum(b.amount_cents) over (order by coalesce(b.due_on, b.day) desc, b.seq desc rows unbounded preceding)
              - b.amount_cents as later
          from ledger_entry b
          where b.loan_id = a.loan_id and b.kind = 'interest-billed' and b.day <= ${today}::date
        ) w where w.later < a.interest_due_cents
      ) end as oldest_unpaid_due
      from ahead a
    ),
    extended as (
      select x.loan_id, max(x.new_maturity_on) as maturity_on from extension_request x
      where x.status = 'approved' group by x.loan_id
    ),
    waiting as (
      select d.loan_id, count(*)::int as n from draw_request d
      where d.status in ('submitted', 'inspection', 'approved') group by d.loan_id
    ),
    pos as (
      select s.loan_id, l.reference,
        coalesce(x.maturity_on, s.maturity_on) as maturity_on,
        coalesce(a.principal_cents, p.principal_cents) as principal_cents,
        coalesce(a.holdback_cents, p.holdback_cents) as holdback_cents,
        coalesce(a.interest_due_cents, p.interest_due_cents) as interest_due_cents,
        case when a.loan_id is null then p.oldest_unpaid_due else a.oldest_unpaid_due end as oldest_unpaid_due,
        coalesce(d.n, 0) as draws_waiting,
        x.loan_id is not null as extended
      from loan_servicing s
      join loan l on l.id = s.loan_id
      join servicing_position p on p.loan_id = s.loan_id
      left join ahead_unpaid a on a.loan_id = s.loan_id
      left join extended x on x.loan_id = s.loan_id
      left join waiting d on d.loan_id = s.loan_id
      where ${loans}
    ),
    since as (
      select pos.*, least(
        pos.oldest_unpaid_due,
        case when pos.principal_cents > 0 and pos.maturity_on < ${today}::date then pos.maturity_on end
      ) as due_since
      from pos
    ),
    late as (
      select since.loan_id, since.reference, since.maturity_on, since.principal_cents, since.holdback_cents,
        since.interest_due_cents, since.draws_waiting, since.extended,
        case when due_since < ${today}::date then due_since end as past_due_since,
        case when due_since < ${today}::date then ${today}::date - due_since else 0 end as days_late
      from since
    )`;
}

/**
 * The statement behind every read: the loans matching `opts` on `today`, kept once (narrow rows),
 * summed for the filter's count and totals (on every row of the answer), and the page of
 * `window` (the page clamped to the last; null: every row) read in the list's order: most days
 * delinquent first, then the nearest maturity, then the reference. One row with null loan
 * fields when nothing matches, so the totals always come back.
 */
function portfolioSql(opts: Omit<ServicingQuery, 'page'>, today: string, window: { page: number; size: number } | null): SQL {
  const q = opts.q.trim();
  const conditions: SQL[] = [];
  if (opts.filter === 'delinquent') conditions.push(sql`days_late > 0`);
  if (opts.filter === 'maturing')
    conditions.push(sql`maturity_on between ${today}::date and ${addDays(today, MATURING_WITHIN_DAYS)}::date`);
  if (opts.filter === 'draws') conditions.push(sql`draws_waiting > 0`);
  if (opts.bucket) {
    const [from, to] = BUCKET_DAYS[opts.bucket];
    conditions.push(sql`days_late between ${from} and ${to}`);
  }
  const where = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const search = q ? sql`and l.search_text like lower(${containsPattern(q)})` : sql``;
  const page = window ? sql`greatest(1, least(${window.page}::int, ceil(t.n / ${window.size}::numeric)::int))` : sql`1`;
  const limit = window ? sql`limit ${window.size} offset (select (p.page - 1) * ${window.size} from p)` : sql``;
  return sql`
    with ${loanStandingCtes(today, sql`l.stage = 'funded' ${search}`)},
    matching as materialized (select late.* from late ${where}),
    t as (
      select count(*)::int as n, coalesce(sum(principal_cents), 0)::text as principal_total,
        coalesce(sum(holdback_cents), 0)::text as holdback_total from matching
    ),
    p as (select ${page} as page from t),
    f as (
      select matching.* from matching
      order by matching.days_late desc, matching.maturity_on, matching.reference collate "C"
      ${limit}
    )
    select t.n, t.principal_total, t.holdback_total, p.page, f.loan_id, f.reference, u.name as borrower_name,
      l.property_address, l.property_city, l.property_state, s.funded_on::text, s.first_payment_on::text,
      f.maturity_on::text, f.principal_cents::text, f.holdback_cents::text, f.interest_due_cents::text,
      f.draws_waiting, f.past_due_since::text, f.days_late
    from t cross join p left join f on true
    left join loan l on l.id = f.loan_id
    left join loan_servicing s on s.loan_id = f.loan_id
    left join "user" u on u.id = l.borrower_id
    order by f.days_late desc, f.maturity_on, f.reference collate "C"`;
}

function toRow(r: Raw, today: string): ServicingRow {
  const daysDelinquent = Number(r.days_late);
  return {
    id: r.loan_id!,
    reference: r.reference,
    borrowerName: r.borrower_name,
    property: [r.property_address, r.property_city, r.property_state].filter(Boolean).join(', '),
    principalCents: Number(r.principal_cents),
    holdbackCents: Number(r.holdback_cents),
    interestDueCents: Number(r.interest_due_cents),
    nextDueOn: nextDueOn({ fundedOn: r.funded_on, firstPaymentOn: r.first_payment_on, maturityOn: r.maturity_on }, today),
    pastDueSince: r.past_due_since,
    daysDelinquent,
    bucket: delinquencyBucket(daysDelinquent),
    maturityOn: r.maturity_on,
    drawsWaiting: Number(r.draws_waiting),
  };
}

function totalsOf(r: Raw | undefined): ServicingTotals {
  return {
    loans: r ? Number(r.n) : 0,
    principalCents: r ? Number(r.principal_total) : 0,
    holdbackCents: r ? Number(r.holdback_total) : 0,
  };
}

/**
 * One page of the servicing list for `opts` on the lender's day `today`: SERVICING_PAGE_SIZE
 * loans, most days delinquent first, then the nearest maturity; the filter's totals (loans,
 * principal outstanding and holdback remaining in cents), `total`, `page` (clamped to the last)
 * and `pageCount`, as the other admin lists.
 */
export async function listServicing(opts: ServicingQuery, today = lenderDay()) {
  const { rows } = await db().execute<Raw & Record<string, unknown>>(
    portfolioSql(opts, today, { page: opts.page, size: SERVICING_PAGE_SIZE }),
  );
  const totals = totalsOf(rows[0]);
  return {
    loans: rows.filter((r) => r.loan_id !== null).map((r) => toRow(r, today)),
    totals,
    total: totals.loans,
    page: rows[0] ? Number(rows[0].page) : 1,
    pageCount: Math.max(1, Math.ceil(totals.loans / SERVICING_PAGE_SIZE)),
  };
}

/** The totals of the servicing list for `opts` on `today` (every page): loans, principal and holdback in cents. */
export async function servicingTotals(opts: Omit<ServicingQuery, 'page'>, today = lenderDay()): Promise<ServicingTotals> {
  const { rows } = await db().execute<Raw & Record<string, unknown>>(portfolioSql(opts, today, { page: 1, size: 1 }));
  return totalsOf(rows[0]);
}

/** Every loan of the servicing list for `opts` on `today`, in the list's order, with the totals (the CSV export). */
export async function servicingExport(opts: Omit<ServicingQuery, 'page'>, today = lenderDay()) {
  const { rows } = await db().execute<Raw & Record<string, unknown>>(portfolioSql(opts, today, null));
  return {
    totals: totalsOf(rows[0]),
    loans: rows.filter((r) => r.loan_id !== null).map((r) => toRow(r, today)),
  };
}
