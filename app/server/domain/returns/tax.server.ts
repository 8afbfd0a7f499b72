/**
 * The staff's year-end tax run (issue 25 "Lender's staff"; rules in app/lib/returns/tax.ts): a
 * year's list of every investor paid interest in it (runs paid in the calendar year) with the
 * latest statement issued to each; issuing the year's statements (version 1 for each investor
 * without one); a correction (a new version with a reason) when the figure changed since it was
 * issued; and the filing service's rows. Tax statements are only inserted, never edited.
 * Every issue is audited; concurrent issues of one year are serialised on a transaction lock and
 * the (investor, year, version) unique index, so an investor never gets two versions for one figure.
 *
 * Units: cents; years are the lender's calendar years.
 */
import { sql } from 'drizzle-orm';
import { defaultTaxYear, taxYearEnded, TAX_MESSAGES, TAX_PAGE_SIZE, type TaxRowState } from '~/lib/returns/tax';
import type { Cents } from '~/lib/money';
import { db, type Transaction, type Reader } from '../../db/client.server';
import { taxStatement } from '../../db/schema';
import { Refused } from '../../errors.server';
import { audit } from '../audit.server';
import type { LoanActor } from '../loans/loan.server';

/** One investor's line of a year's tax run. */
export interface TaxRow {
  investorId: string;
  name: string;
  email: string;
  /** The interest of the runs paid in the year (never below zero). */
  interestCents: Cents;
  /** The latest version issued, if any. */
  issued: { version: number; interestCents: Cents; issuedAt: string; reason: string | null } | null;
  state: TaxRowState;
}

interface Raw {
  n: number;
  interest_total: string;
  not_issued: number;
  changed: number;
  page: number;
  investor_id: string | null;
  name: string;
  email: string;
  interest: string;
  state: TaxRowState;
  version: number | null;
  issued_cents: string | null;
  issued_at: string | null;
  reason: string | null;
}

/** A year's totals: investors listed, interest paid (cents), how many are not issued (above zero) and changed. */
export interface TaxTotals {
  investors: number;
  interestCents: Cents;
  notIssued: number;
  changed: number;
}

/**
 * The year's figures and latest statements of every investor paid in it or issued one, by name
 * (the page of `window`, clamped to the last; null: every one), with the year's totals and the
 * page. The state is decided here once: not issued, issued (the figure as issued) or changed.
 * One statement.
 */
async function yearRows(
  year: number,
  window: { page: number; size: number } | null,
  tx: Reader = db(),
): Promise<{ rows: TaxRow[]; totals: TaxTotals; page: number }> {
  const page = window ? sql`greatest(1, least(${window.page}::int, ceil(t.n / ${window.size}::numeric)::int))` : sql`1`;
  const limit = window ? sql`limit ${window.size} offset (select (pg.page - 1) * ${window.size} from pg)` : sql``;
  const { rows } = await tx.execute<Raw & Record<string, unknown>>(sql`
    with paid as (
      select dp.investor_id, sum(dp.interest_cents) as interest
      from distribution_payment dp join distribution_run r on r.id = dp.run_id
      where r.status = 'paid' and r.paid_on >= make_date(${year}::int, 1, 1) and r.paid_on < make_date(${year}::int + 1, 1, 1)
      group by dp.investor_id
    ),
    issued as (
      select distinct on (t.investor_id) t.investor_id, t.version, t.interest_cents, t.created_at as issued_at, t.reason
      from tax_statement t where t.year = ${year} order by t.investor_id, t.version desc
    ),
    listed as materialized (
      select coalesce(p.investor_id, i.investor_id) as investor_id, greatest(coalesce(p.interest, 0), 0) as interest,
        i.version, i.interest_cents as issued_cents, i.issued_at, i.reason
      from paid p full join issued i on i.investor_id = p.investor_id
    ),
    stated as (
      select listed.*, case when version is null then 'not-issued' when issued_cents = interest then 'issued' else 'changed' end as state
      from listed
    ),
    t as (
      select count(*)::int as n, coalesce(sum(interest), 0)::text as interest_total,
        (count(*) filter (where state = 'not-issued' and interest > 0))::int as not_issued,
        (count(*) filter (where state = 'changed'))::int as changed
      from stated
    ),
    pg as (select ${page} as page from t),
    f as (
      select stated.*, u.name, u.email from stated join "user" u on u.id = stated.investor_id
      order by u.name, u.email, u.id ${limit}
    )
    select t.n, t.interest_total, t.not_issued, t.changed, pg.page, f.investor_id, f.name, f.email, f.interest::text,
      f.state, f.version, f.issued_cents::text, f.issued_at::text, f.reason
    from t cross join pg left join f on true
    order by f.name, f.email, f.investor_id`);
  const first = rows[0];
  return {
    rows: rows
      .filter((r) => r.investor_id !== null)
      .map((r) => ({
        investorId: r.investor_id!,
        name: r.name,
        email: r.email,
        interestCents: Number(r.interest),
        issued:
          r.version === null
            ? null
            : {
                version: Number(r.version),
                interestCents: Number(r.issued_cents),
                issuedAt: new Date(r.issued_at!).toISOString(),
                reason: r.reason,
              },
        state: r.state,
      })),
    totals: {
      investors: first ? Number(first.n) : 0,
      interestCents: first ? Number(first.interest_total) : 0,
      notIssued: first ? Number(first.not_issued) : 0,
      changed: first ? Number(first.changed) : 0,
    },
    page: first ? Number(first.page) : 1,
  };
}

/**
 * One page (TAX_PAGE_SIZE investors, by name) of `year`'s tax run on the lender's `today`: each
 * investor's figure and latest statement, the year's totals (investors, interest, not issued,
 * changed), the page (clamped to the last) and page count, and whether the year has ended
 * (statements may be issued).
 */
export async function taxYear(year: number, today: string, page = 1) {
  const list = await yearRows(year, { page, size: TAX_PAGE_SIZE });
  return {
    year,
    ended: taxYearEnded(year, today),
    ...list,
    pageCount: Math.max(1, Math.ceil(list.totals.investors / TAX_PAGE_SIZE)),
  };
}

/** Runs `work` in a transaction holding `year`'s tax-run lock (one issue of a year at a time). */
function underYearLock<T>(year: number, work: (tx: Transaction) => Promise<T>): Promise<T> {
  return db().transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('tax-run'), ${year}::int)`);
    return work(tx);
  });
}

/**
 * Issues `year`'s statements by `admin` on `today`: version 1, with the year's figure, for each
 * investor paid interest in it (above zero) who has none. Audited ('tax.statements_issued').
 * Returns how many were issued (0 when all were: issuing twice issues once).
 * @throws Refused 'conflict' before the year has ended.
 */
export async function issueTaxYear(admin: LoanActor, year: number, today: string): Promise<number> {
  if (!taxYearEnded(year, today)) throw new Refused('conflict', TAX_MESSAGES.notEnded, 'Statements not issued');
  return underYearLock(year, async (tx) => {
    const due = (await yearRows(year, null, tx)).rows.filter((r) => r.state === 'not-issued' && r.interestCents > 0);
    if (due.length === 0) return 0;
    const inserted = await tx
      .insert(taxStatement)
      .values(
        due.map((r) => ({ investorId: r.investorId, year, version: 1, interestCents: r.interestCents, issuedBy: admin.id })),
      )
      .onConflictDoNothing()
      .returning({ id: taxStatement.id });
    await audit(
      admin,
      'tax.statements_issued',
      { type: 'tax', id: String(year) },
      { year, statements: inserted.length, interestCents: due.reduce((s, r) => s + r.interestCents, 0) },
      tx,
    );
    return inserted.length;
  });
}

/**
 * Issues a correction of `investorId`'s `year` statement by `admin`: a new version (the latest
 * + 1) with the year's figure now and `reason`; the earlier versions are kept as issued.
 * Audited ('tax.statement_corrected'). Returns the new version.
 * @throws Refused 'not-found' for an investor not in the year's list, 'conflict' when none was
 * issued yet or the figure has not changed.
 */
export async function correctTaxStatement(admin: LoanActor, year: number, investorId: string, reason: string): Promise<number> {
  const title = 'Correction not issued';
  return underYearLock(year, async (tx) => {
    const row = (await yearRows(year, null, tx)).rows.find((r) => r.investorId === investorId);
    if (!row) throw new Refused('not-found', 'This investor has no interest or statement for the year.', title);
    if (!row.issued) throw new Refused('conflict', TAX_MESSAGES.notIssued, title);
    if (row.state !== 'changed') throw new Refused('conflict', TAX_MESSAGES.unchanged, title);
    const version = row.issued.version + 1;
    await tx
      .insert(taxStatement)
      .values({ investorId, year, version, interestCents: row.interestCents, reason, issuedBy: admin.id });
    await audit(
      admin,
      'tax.statement_corrected',
      { type: 'user', id: investorId },
      { year, version, fromCents: row.issued.interestCents, toCents: row.interestCents, reason },
      tx,
    );
    return version;
  });
}

/** One row of the filing service's CSV: an investor's latest statement of the year. */
export interface TaxFilingRow {
  name: string;
  email: string;
  interestCents: Cents;
  version: number;
  corrected: boolean;
}

/** The latest issued statement of each investor for `year`, by name (the filing service's rows). */
export async function taxFilingRows(year: number): Promise<TaxFilingRow[]> {
  return (await yearRows(year, null)).rows
    .filter((r) => r.issued)
    .map((r) => ({
      name: r.name,
      email: r.email,
      interestCents: r.issued!.interestCents,
      version: r.issued!.version,
      corrected: r.issued!.version > 1,
    }));
}

/**
 * `investorId`'s latest statement for `year` with what its PDF prints (their name and e-mail),
 * or null when none was issued to them (another investor's included).
 */
export async function issuedTaxStatement(investorId: string, year: number) {
  const { rows } = await db().execute<{
    version: number;
    interest_cents: string;
    issued_at: string;
    reason: string | null;
    name: string;
    email: string;
  }>(sql`
    select t.version, t.interest_cents::text, t.created_at::text as issued_at, t.reason, u.name, u.email
    from tax_statement t join "user" u on u.id = t.investor_id
    where t.investor_id = ${investorId} and t.year = ${year}
    order by t.version desc limit 1`);
  const r = rows[0];
  if (!r) return null;
  return {
    year,
    version: Number(r.version),
    corrected: Number(r.version) > 1,
    interestCents: Number(r.interest_cents),
    issuedAt: new Date(r.issued_at).toISOString(),
    reason: r.reason,
    recipientName: r.name,
    recipientEmail: r.email,
  };
}
export type IssuedTaxStatement = NonNullable<Awaited<ReturnType<typeof issuedTaxStatement>>>;

/** The years a tax run can be shown for: every year a run was paid in or a statement issued, and the last ended year; newest first. */
export async function taxYears(today: string): Promise<number[]> {
  const { rows } = await db().execute<{ year: number }>(sql`
    select extract(year from paid_on)::int as year from distribution_run where status = 'paid'
    union select year from tax_statement`);
  return [...new Set([...rows.map((r) => Number(r.year)), defaultTaxYear(today)])].sort((a, b) => b - a);
}
