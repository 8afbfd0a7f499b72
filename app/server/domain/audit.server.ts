/**
 * The audit log of admin actions (product decisions: deal created/edited/deleted/restored, contact
 * status changed, password changed): who, when, what.
 */
import { and, count, desc, eq, gte, ilike, inArray, lt, or, sql } from 'drizzle-orm';
import { AUDIT_PAGE_SIZE, type AuditFilters } from '~/lib/audit';
import { containsPattern } from '../db/query.server';
import { env } from '../env.server';
import { db, type Reader } from '../db/client.server';
import { auditEvent, contact, deal, user } from '../db/schema';

export interface Actor {
  id: string;
  email: string;
}

/**
 * Records `action` on `subjectType`/`subjectId` by `actor`, inside `tx` when given. The actor's id
 * is null only for a failed sign-in of an address that has no account.
 */
export async function audit(
  actor: Actor | { id: null; email: string },
  action: string,
  subject: { type: string; id?: string | null },
  details: Record<string, unknown> = {},
  tx: Reader = db(),
): Promise<void> {
  await tx.insert(auditEvent).values({
    actorId: actor.id,
    actorEmail: actor.email,
    action,
    subjectType: subject.type,
    subjectId: subject.id ?? null,
    details,
  });
}

/** The events `filters` match (docs: product §2.9): person, action, days in the lender's zone. */
function auditWhere(filters: AuditFilters) {
  const zone = env().TIME_ZONE;
  const pattern = filters.who ? containsPattern(filters.who) : null;
  return and(
    filters.action ? eq(auditEvent.action, filters.action) : undefined,
    filters.from ? gte(auditEvent.createdAt, sql`(${filters.from}::date)::timestamp at time zone ${zone}`) : undefined,
    filters.to ? lt(auditEvent.createdAt, sql`((${filters.to}::date) + 1)::timestamp at time zone ${zone}`) : undefined,
    pattern
      ? or(
          ilike(auditEvent.actorEmail, pattern),
          and(
            eq(auditEvent.subjectType, 'user'),
            inArray(auditEvent.subjectId, db().select({ id: user.id }).from(user).where(ilike(user.email, pattern))),
          ),
        )
      : undefined,
  );
}

/**
 * Audit events matching `filters`, newest first, `limit` from `offset`, each with the name of
 * its object as it is now (issue "Solid ground" 12): a contact's name and e-mail, a deal's
 * title, a user's e-mail; null for an object that no longer exists.
 */
export function auditEvents(filters: AuditFilters, limit: number, offset = 0) {
  return db()
    .select({
      id: auditEvent.id,
      createdAt: auditEvent.createdAt,
      actorEmail: auditEvent.actorEmail,
      action: auditEvent.action,
      subjectType: auditEvent.subjectType,
      subjectId: auditEvent.subjectId,
      details: auditEvent.details,
      contactName: contact.name,
      contactEmail: contact.email,
      dealTitle: deal.title,
      userEmail: user.email,
    })
    .from(auditEvent)
    .leftJoin(contact, and(eq(auditEvent.subjectType, 'contact'), eq(sql`${contact.id}::text`, auditEvent.subjectId)))
    .leftJoin(deal, and(eq(auditEvent.subjectType, 'deal'), eq(sql`${deal.id}::text`, auditEvent.subjectId)))
    .leftJoin(user, and(eq(auditEvent.subjectType, 'user'), eq(user.id, auditEvent.subjectId)))
    .where(auditWhere(filters))
    .orderBy(desc(auditEvent.createdAt), desc(auditEvent.id))
    .limit(limit)
    .offset(offset);
}

/** One page (AUDIT_PAGE_SIZE) of the events `filters` match, with their total; a page past the end gives the last. */
export async function listAuditEvents(filters: AuditFilters, requestedPage: number) {
  const [row] = await db().select({ total: count() }).from(auditEvent).where(auditWhere(filters));
  const total = row?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE));
  const page = Math.min(requestedPage, pageCount);
  const events = await auditEvents(filters, AUDIT_PAGE_SIZE, (page - 1) * AUDIT_PAGE_SIZE);
  return { events, total, page, pageCount };
}
