/**
 * The admin dashboard's figures (product §2 Admin Dashboard, §7 counts, §9 recent lists of 5 and
 * the 7-day window): users, Active deals, inquiries, inquiries of the last 7 days, the 5 newest
 * users and inquiries, sign-ups and inquiries per week over the last 12 weeks, the submitted
 * loans by stage (issue "The loan file"), and demand across the newest Active deals (issue
 * "Investing": counted amounts against each amount to raise).
 */
import { and, count, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import type { Reader } from '../db/client.server';
import { bound, preparedParts, type BoundSql } from '../db/prepared.server';
import { listCounts } from '../db/paging.server';
import { contact, deal, profile, user } from '../db/schema';
import { demandAcrossActiveDeals } from './investing/demand-summary.server';
import { loansByStage } from './loans/pipeline.server';

/** Per week since the Monday eleven weeks before the week of the bound day: how many rows `column` dates. */
const weekly = (r: Reader, table: typeof user | typeof contact, now: BoundSql) => {
  const since = sql`date_trunc('week', ${now}::timestamptz) - interval '11 weeks'`;
  return r
    .select({ week: sql<string>`to_char(date_trunc('week', ${table.createdAt}), 'YYYY-MM-DD')`, n: count() })
    .from(table)
    .where(sql`${table.createdAt} >= ${since}`)
    .groupBy(sql`1`);
};

/**
 * The dashboard's own figures, one statement (db/prepared.server.ts, `preparedParts`): its argument
 * is the placeholder `now` (an ISO instant); `since` is the start of the 7-day window.
 */
const figures = preparedParts('dashboard', {
  activeDeals: (r) =>
    r
      .select({ n: count() })
      .from(deal)
      .where(and(eq(deal.status, 'Active'), isNull(deal.deletedAt))),
  inquiriesSince: (r) =>
    r
      .select({ n: count() })
      .from(contact)
      .where(gte(contact.createdAt, sql.placeholder('since'))),
  newestUsers: (r) =>
    r
      .select({
        id: user.id,
        name: user.name,
        email: user.email,
        createdAt: user.createdAt,
        isBorrower: profile.isBorrower,
        isInvestor: profile.isInvestor,
      })
      .from(user)
      .innerJoin(profile, eq(profile.userId, user.id))
      .orderBy(desc(user.createdAt))
      .limit(5),
  newestContacts: (r) =>
    r
      .select({
        id: contact.id,
        name: contact.name,
        email: contact.email,
        createdAt: contact.createdAt,
        status: contact.status,
      })
      .from(contact)
      .orderBy(desc(contact.createdAt))
      .limit(5),
  weeklySignups: (r, now) => weekly(r, user, now),
  weeklyInquiries: (r, now) => weekly(r, contact, now),
});

/** The dashboard's figures at `now` (see the top of this file). */
export async function dashboardFigures(now = new Date()) {
  const weekAgo = new Date(now.getTime() - 7 * 24 * 3600 * 1000);
  const [userCounts, contactCounts, own, loanStages, demand] = await Promise.all([
    listCounts('user'),
    listCounts('contact'),
    figures(bound('now', now.toISOString(), { since: weekAgo.toISOString() })),
    loansByStage(),
    demandAcrossActiveDeals(),
  ]);
  const {
    activeDeals: [activeDeals],
    inquiriesSince: [recentInquiries],
    newestUsers,
    newestContacts,
  } = own;
  const [signups, inquiries] = [own.weeklySignups, own.weeklyInquiries];
  // The 12 Mondays (UTC) ending with this week's.
  const monday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
  const weeks = Array.from({ length: 12 }, (_, i) => {
    const d = new Date(monday.getTime() - (11 - i) * 7 * 24 * 3600 * 1000);
    const key = d.toISOString().slice(0, 10);
    return {
      week: key,
      signups: signups.find((s) => s.week === key)?.n ?? 0,
      inquiries: inquiries.find((s) => s.week === key)?.n ?? 0,
    };
  });
  return {
    totals: {
      users: userCounts.count('all'),
      activeDeals: activeDeals!.n,
      contacts: contactCounts.count('all'),
      recentInquiries: recentInquiries!.n,
    },
    newestUsers,
    newestContacts,
    weeks,
    loanStages,
    demand,
  };
}
