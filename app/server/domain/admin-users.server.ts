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
  const [{ total } = { total: 0 }] = await db()
    .select({ total: count() })
    .from(user)
    .innerJoin(profile, eq(profile.userId, user.id))
    .where(where);
  const pageCount = Math.max(1, Math.ceil(total / USERS_PAGE_SIZE));
  const page = Math.min(Math.max(1, opts.page), pageCount);
  const rows = await db()
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
    .from(user)
    .innerJoin(profile, eq(profile.userId, user.id))
    .where(where)
    .orderBy(desc(user.createdAt), desc(user.id))
    .limit(USERS_PAGE_SIZE)
    .offset((page - 1) * USERS_PAGE_SIZE);
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
