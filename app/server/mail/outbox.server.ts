/**
 * The outbox: e-mails are rows written in the same transaction as the change that caused
 * them, then delivered by the worker (product decisions: nothing lost if the mail server is down).
 */
import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import { outboxEmail } from '../db/schema';
import { db, type Reader } from '../db/client.server';
import type { EmailPayload, TemplateName } from './templates.server';
import { isUuid } from '../db/query.server';

/**
 * The PostgreSQL channel a queued message is announced on: every process's worker listens, and
 * PostgreSQL delivers the notice when the queueing transaction commits, so a worker never looks
 * before the message is there to be seen, nor waits for its next poll.
 */
export const OUTBOX_CHANNEL = 'outbox_email';

/** Announces due messages to the workers of every process (after `tx` commits, inside one). */
async function announce(tx: Reader): Promise<void> {
  await tx.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, '')`);
}

/**
 * A message to queue: recipient, template name and that template's payload (type-checked against
 * the registry, app/server/mail/templates.server.ts). The payload is stored as JSON and rendered
 * when the message is sent.
 */
export interface QueuedEmail<T extends TemplateName = TemplateName> {
  to: string;
  template: T;
  payload: EmailPayload<T>;
  /**
   * Coalesces the lender's notices about one thing (issue "Solid ground" 24): a message with the
   * same key still waiting takes this payload instead of a second message being queued, and the
   * message waits `COALESCE_SECONDS` so quick changes make one e-mail with the latest state.
   */
  coalesceKey?: string;
}

/** How long a coalesced message waits for further changes, seconds. */
export const COALESCE_SECONDS = 60;

/** Queues `email` inside `tx` (or the database); returns the outbox row id. */
export async function queueEmail<T extends TemplateName>(tx: Reader, email: QueuedEmail<T>): Promise<string> {
  // Due from this millisecond on the application's clock, the clock the worker compares
  // with (the database's now() has microseconds and may run ahead of it).
  const due = new Date(Date.now() + (email.coalesceKey ? COALESCE_SECONDS * 1000 : 0));
  const insert = tx.insert(outboxEmail).values({
    to: email.to,
    template: email.template,
    payload: email.payload as Record<string, unknown>,
    nextAttemptAt: due,
    coalesceKey: email.coalesceKey,
  });
  const [row] = await (
    email.coalesceKey
      ? insert.onConflictDoUpdate({
          target: outboxEmail.coalesceKey,
          targetWhere: sql`${outboxEmail.status} = 'queued'`,
          set: { payload: email.payload as Record<string, unknown> },
        })
      : insert
  ).returning({ id: outboxEmail.id });
  // A coalesced message is due later: the worker's poll finds it then.
  if (!email.coalesceKey) await announce(tx);
  return row!.id;
}

/** One page of the outbox for the admin mail log, newest first (product decisions mail log). */
export async function listOutbox(page: number, pageSize = 25) {
  const [{ total } = { total: 0 }] = await db().select({ total: count() }).from(outboxEmail);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, page), pageCount);
  const rows = await db()
    .select()
    .from(outboxEmail)
    .orderBy(desc(outboxEmail.createdAt))
    .limit(pageSize)
    .offset((current - 1) * pageSize);
  return { messages: rows, total, page: current, pageCount };
}

/** 'Retry now': makes message `id` due at once (queued again if it had failed); false when unknown or sent. */
export async function retryNow(id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const rows = await db()
    .update(outboxEmail)
    .set({ status: 'queued', nextAttemptAt: new Date() })
    .where(and(eq(outboxEmail.id, id), ne(outboxEmail.status, 'sent')))
    .returning({ id: outboxEmail.id });
  if (rows.length) await announce(db());
  return rows.length > 0;
}
