/**
 * The platform's own track record (issue 23 "Trust at first sight"): the loans funded and repaid
 * through the loan file, read from its records and added to the figures staff enter for the
 * years before the platform (the sums: app/lib/track-record.ts).
 *
 * A loan counts as funded once its stage is 'funded' or 'paid_off', as repaid once 'paid_off'.
 * Its amount is the accepted term sheet's (the latest accepted), else the loan amount; its LTV
 * the accepted term sheet's, else loan amount / property value, in hundredths of a percent
 * rounded half up (PostgreSQL's `round` of an exact numeric), the precision the term sheet
 * stores. Sums are exact `numeric` in the database and reach the caller as decimal text.
 */
import { sql } from 'drizzle-orm';
import { lenderDay } from '~/lib/format';
import { combineTrackRecord, type PlatformRecord } from '~/lib/track-record';
import type { TrackRecord } from '~/lib/site-content';
import { db } from '../../db/client.server';
import { freshReader } from '../../fresh-reader.server';
import { siteContentVersion } from './site-content.server';

/** The platform's figures on `today` (the lender's day, 'YYYY-MM-DD'). */
export async function platformTrackRecord(today = lenderDay()): Promise<PlatformRecord> {
  const result = await db().execute<{
    funded: number;
    volume: string;
    ltv_weighted: string;
    ltv_volume: string;
    repaid: number;
  }>(sql`
    with funded as (
      select l.stage,
             coalesce(ts.amount, l.loan_amount, 0)::numeric as amount,
             coalesce(ts.ltv * 100, round(l.loan_amount * 10000.0 / nullif(l.property_value, 0))) as ltv_h
        from loan l
        left join lateral (
          select t.amount, t.ltv from term_sheet t
           where t.loan_id = l.id and t.status = 'accepted'
           order by t.responded_at desc nulls last, t.created_at desc
           limit 1
        ) ts on true
       where l.stage in ('funded', 'paid_off')
    )
    select count(*)::int as funded,
           coalesce(sum(amount), 0)::numeric(40, 0)::text as volume,
           coalesce(sum(amount * ltv_h) filter (where ltv_h is not null), 0)::numeric(60, 0)::text as ltv_weighted,
           coalesce(sum(amount) filter (where ltv_h is not null), 0)::numeric(40, 0)::text as ltv_volume,
           (count(*) filter (where stage = 'paid_off'))::int as repaid
      from funded`);
  const row = result.rows[0]!;
  return {
    funded: Number(row.funded),
    volume: Number(row.volume),
    ltvWeighted: row.ltv_weighted,
    ltvVolume: Number(row.ltv_volume),
    repaid: Number(row.repaid),
    today,
  };
}

/** The track record visitors see: staff's `entered` figures with the platform's added. */
export async function publicTrackRecord(entered: TrackRecord): Promise<TrackRecord> {
  return combineTrackRecord(entered, await platformTrackRecord());
}

/**
 * The version of the public pages for the anonymous page cache (server/page-cache.ts): the site
 * content's version, plus what changes the track record band without a publish (the loans
 * funded and repaid, and the lender's day its 'as of' dates show). Grows with each of them.
 */
export const publicPagesVersion: () => Promise<number> = freshReader(async () => {
  const [content, result] = await Promise.all([
    siteContentVersion(),
    db().execute<{ n: number }>(
      sql`select (count(*) + count(*) filter (where stage = 'paid_off'))::int as n from loan where stage in ('funded', 'paid_off')`,
    ),
  ]);
  const day = Math.floor(Date.parse(`${lenderDay()}T00:00:00Z`) / 86_400_000);
  return content + Number(result.rows[0]?.n ?? 0) + day;
});
