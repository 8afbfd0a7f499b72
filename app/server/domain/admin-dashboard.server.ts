/**
 * The admin dashboard's figures (product §2 Admin Dashboard, §7 counts, §9 recent lists of 5 and
 * the 7-day window): users, Active deals, inquiries, inquiries of the last 7 days, the 5 newest
 * users and inquiries, sign-ups and inquiries per week over the last 12 weeks, the submitted
 * loans by stage (issue "The loan file"), and demand across the newest Active deals (issue
 * "Investing": counted amounts against each amount to raise).
 */
import { and, count, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import { db } from '../db/client.server';
import { listCounts } from '../db/paging.server';
import { contact, deal, profile, user } from '../db/schema';
import { demandAcrossActiveDeals } from './investing/demand-summary.server';
import { loansByStage } from './loans/pipeline.server';

export async function dashboardFigures(now = new Date()) {
  const weekAgo = new Date(now.getTime() - 7 * 24 * 3600 * 1000);
  const since = sql`date_trunc('week', ${now.toISOString()}::timestamptz) - interval '11 weeks'`;
  const [
    userCounts,
    [activeDeals],
    contactCounts,
    [recentInquiries],
    newestUsers,
    newestContacts,
    signups,
    inquiries,
    loanStages,
    demand,
  ] = await Promise.all([
    listCounts('user'),
    db()
      .select({ n: count() })
      .from(deal)
      .where(and(eq(deal.status, 'Active'), isNull(deal.deletedAt))),
    listCounts('contact'),
    db().select({ n: count() }).from(contact).where(gte(contact.createdAt, weekAgo)),
    db()
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
    db()
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
    db()
      .select({ week: sql<string>`to_char(date_trunc('week', ${user.createdAt}), 'YYYY-MM-DD')`, n: count() })
      .from(user)
      .where(sql`${user.createdAt} >= ${since}`)
      .groupBy(sql`1`),
    db()
      .select({ week: sql<string>`to_char(date_trunc('week', ${contact.createdAt}), 'YYYY-MM-DD')`, n: count() })
      .from(contact)
      .where(sql`${contact.createdAt} >= ${since}`)
      .groupBy(sql`1`),
    loansByStage(),
    demandAcrossActiveDeals(),
  ]);
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
