/**
 * The audit log of admin actions (product decisions: deal created/edited/deleted/restored, contact
 * status changed, password changed): who, when, what.
 */
import { desc } from 'drizzle-orm';
import { db, type Database, type Transaction } from '../db/client.server';
import { auditEvent } from '../db/schema';

export interface Actor {
  id: string;
  email: string;
}

/** Records `action` on `subjectType`/`subjectId` by `actor`, inside `tx` when given. */
export async function audit(
  actor: Actor,
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

/** The newest `limit` audit events from `offset`. */
export async function listAuditEvents(limit: number, offset = 0) {
  return db().select().from(auditEvent).orderBy(desc(auditEvent.createdAt)).limit(limit).offset(offset);
}
