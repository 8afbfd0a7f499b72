/**
 * The audit log of admin actions (product decisions: deal created/edited/deleted/restored, contact
 * status changed, password changed): who, when, what.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { db, type Database, type Transaction } from '../db/client.server';
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
  tx: Transaction | Database = db(),
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

/**
 * The newest `limit` audit events from `offset`, each with the name of its object as it is now
 * (issue "Solid ground" 12): a contact's name and e-mail, a deal's title, a user's e-mail; null
 * for an object that no longer exists.
 */
export async function listAuditEvents(limit: number, offset = 0) {
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
    .orderBy(desc(auditEvent.createdAt))
    .limit(limit)
    .offset(offset);
}
