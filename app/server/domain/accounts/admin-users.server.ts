/**
 * The admin user directory (product §2 Admin area 'View Users', §9 admin user filter): search over
 * name and e-mail, the user-type filter (Both, Borrower, Investor; Borrower and Investor also
 * match users who are both), 15 a page, newest first; and one user's documents and deal
 * interests for an expanded row. Admin pages check is_admin before calling these.
 */
import { and, asc, count, desc, eq, like, sql } from 'drizzle-orm';
import { USERS_PAGE_SIZE, type UserType } from '~/lib/admin';
import { db } from '../../db/client.server';
import { deal, dealInterest, document, profile, user } from '../../db/schema';
import { answerColumns } from './profiles.server';
import { containsPattern } from '../../db/query.server';
import { readCountedListPage } from '../../db/paging.server';
import { loansOfBorrower } from '../loans/pipeline.server';
import { accountColumns } from './account-admin.server';

/**
 * One page of users (see module docs); a page past the end gives the last page. The order is
 * the profile's creation (made with the account), so role filters and late pages run on the
 * profile's (role, created_at) indexes, read from the nearer end; only the page's 15 users are
 * joined. Totals come from the database's list counts (a search's from its remembered count).
 * Returns the rows, the matching total, the page shown and the page count.
 */
export async function listUsers(opts: { q: string; type: UserType | null; page: number }) {
  const q = opts.q.trim();
  const roleWhere =
    opts.type === 'both'
      ? and(eq(profile.isBorrower, true), eq(profile.isInvestor, true))
      : opts.type === 'borrower'
        ? eq(profile.isBorrower, true)
        : opts.type === 'investor'
          ? eq(profile.isInvestor, true)
          : undefined;
  // The profile carries the user's name and e-mail lower-cased (search_text, trigram index),
  // so search, role filter and order read one table; the pattern is lowered by the database too.
  const matching = q ? like(profile.searchText, sql`lower(${containsPattern(q)})`) : undefined;
  const where = and(roleWhere, matching);
  const { rows, total, page, pageCount } = await readCountedListPage({
    list: 'user',
    q,
    filters: { type: opts.type },
    totalKey: opts.type ?? 'all',
    requestedPage: opts.page,
    pageSize: USERS_PAGE_SIZE,
    count: async () => (await db().select({ total: count() }).from(profile).where(where))[0]?.total ?? 0,
    rows: ({ offset, limit, newestFirst }) => {
      const order = newestFirst ? desc : asc;
      const ids = db()
        .select({ id: profile.userId, createdAt: profile.createdAt })
        .from(profile)
        .where(where)
        .orderBy(order(profile.createdAt), order(profile.userId))
        .limit(limit)
        .offset(offset)
        .as('page_ids');
      return db()
        .select({
          id: user.id,
          name: user.name,
          email: user.email,
          emailVerified: user.emailVerified,
          createdAt: user.createdAt,
          phone: profile.phone,
          companyName: profile.companyName,
          isBorrower: profile.isBorrower,
          isInvestor: profile.isInvestor,
          isAdmin: profile.isAdmin,
          lastLoginAt: profile.lastLoginAt,
        })
        .from(ids)
        .innerJoin(profile, eq(profile.userId, ids.id))
        .innerJoin(user, eq(user.id, ids.id))
        .orderBy(order(ids.createdAt), order(ids.id));
    },
  });
  return { users: rows, total, page, pageCount };
}

/**
 * What the lender knows of `userId`: the account's state (disabled, admin, e-mail confirmed,
 * two-step verification; issue "Security and scale"), the roles and sign-up answers (issue "Solid ground" 3), the
 * documents, the submitted loans (issue "The loan file"), and the deal interests (product §7: interests joined with the deal); null when
 * there is no such user.
 */
export async function userDetails(userId: string) {
  const [account, answers, documents, interests, loans] = await Promise.all([
    db()
      .select(accountColumns)
      .from(user)
      .innerJoin(profile, eq(profile.userId, user.id))
      .where(eq(user.id, userId))
      .then(([row]) => row ?? null),
    db()
      .select({ isBorrower: profile.isBorrower, isInvestor: profile.isInvestor, ...answerColumns })
      .from(profile)
      .where(eq(profile.userId, userId))
      .then(([row]) => row ?? null),
    db()
      .select({
        id: document.id,
        title: document.title,
        fileName: document.fileName,
        fileSize: document.fileSize,
        mimeType: document.mimeType,
        createdAt: document.createdAt,
      })
      .from(document)
      .where(eq(document.userId, userId))
      .orderBy(desc(document.createdAt)),
    db()
      .select({ dealId: deal.id, title: deal.title, location: deal.location, type: deal.type, createdAt: dealInterest.createdAt })
      .from(dealInterest)
      .innerJoin(deal, eq(deal.id, dealInterest.dealId))
      .where(and(eq(dealInterest.userId, userId), sql`${deal.deletedAt} is null`))
      .orderBy(desc(dealInterest.createdAt)),
    loansOfBorrower(userId),
  ]);
  return answers && account ? { account, answers, documents, interests, loans } : null;
}
