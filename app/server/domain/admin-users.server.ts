/**
 * The admin user directory (spec §2 Admin area 'View Users', §9 admin user filter): search over
 * name and e-mail, the user-type filter (Both, Borrower, Investor; Borrower and Investor also
 * match users who are both), 15 a page, newest first; and one user's documents and deal
 * interests for an expanded row. Admin pages check is_admin before calling these.
 */
import { and, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { USERS_PAGE_SIZE, type UserType } from '~/lib/admin';
import { db } from '../db/client.server';
import { deal, dealInterest, document, profile, user } from '../db/schema';

const escapeLike = (q: string) => q.replace(/[%_\\]/g, (c) => `\\${c}`);

/** One page of users (see module docs); a page past the end gives the last page. */
export async function listUsers(opts: { q: string; type: UserType | null; page: number }) {
  const q = opts.q.trim();
  const where = and(
    q ? or(ilike(user.name, `%${escapeLike(q)}%`), ilike(user.email, `%${escapeLike(q)}%`)) : undefined,
    opts.type === 'both'
      ? and(eq(profile.isBorrower, true), eq(profile.isInvestor, true))
      : opts.type === 'borrower'
        ? eq(profile.isBorrower, true)
        : opts.type === 'investor'
          ? eq(profile.isInvestor, true)
          : undefined,
  );
  const plain = !q && !opts.type;
  // Without search or filter, count the profiles alone (one per user) and find the page's ids
  // by the (created_at, id) index before joining: late pages stay cheap at 100,000 users.
  const [{ total } = { total: 0 }] = plain
    ? await db().select({ total: count() }).from(profile)
    : await db().select({ total: count() }).from(user).innerJoin(profile, eq(profile.userId, user.id)).where(where);
  const pageCount = Math.max(1, Math.ceil(total / USERS_PAGE_SIZE));
  const page = Math.min(Math.max(1, opts.page), pageCount);
  const columns = {
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
  };
  const offset = (page - 1) * USERS_PAGE_SIZE;
  let rows;
  if (plain) {
    const ids = db()
      .select({ id: user.id })
      .from(user)
      .orderBy(desc(user.createdAt), desc(user.id))
      .limit(USERS_PAGE_SIZE)
      .offset(offset)
      .as('page_ids');
    rows = await db()
      .select(columns)
      .from(ids)
      .innerJoin(user, eq(user.id, ids.id))
      .innerJoin(profile, eq(profile.userId, user.id))
      .orderBy(desc(user.createdAt), desc(user.id));
  } else {
    rows = await db()
      .select(columns)
      .from(user)
      .innerJoin(profile, eq(profile.userId, user.id))
      .where(where)
      .orderBy(desc(user.createdAt), desc(user.id))
      .limit(USERS_PAGE_SIZE)
      .offset(offset);
  }
  return { users: rows, total, page, pageCount };
}

/** The documents and deal interests of `userId` (spec §7: interests joined with the deal). */
export async function userDetails(userId: string) {
  const [documents, interests] = await Promise.all([
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
  ]);
  return { documents, interests };
}
