/**
 * The outbox: e-mails are rows written in the same transaction as the change that caused
 * them, then delivered by the worker (decisions.md: nothing lost if the mail server is down).
 */
import { EventEmitter } from 'node:events';
import { outboxEmail } from '../db/schema';
import type { Database, Transaction } from '../db/client.server';
import type { TemplateName } from './templates.server';

/** Emits 'queued' after a message is queued, so the worker delivers without waiting to poll. */
export const outboxEvents = new EventEmitter();

export interface QueuedEmail {
  to: string;
  template: TemplateName;
  payload: Record<string, unknown>;
}

/** Queues `email` inside `tx` (or the database); returns the outbox row id. */
export async function queueEmail(tx: Transaction | Database, email: QueuedEmail): Promise<string> {
  const [row] = await tx
    .insert(outboxEmail)
    // Due from this millisecond on the application's clock, the clock the worker compares
    // with (the database's now() has microseconds and may run ahead of it).
    .values({ to: email.to, template: email.template, payload: email.payload, nextAttemptAt: new Date() })
    .returning({ id: outboxEmail.id });
  // Let the surrounding transaction commit before the worker looks.
  setImmediate(() => outboxEvents.emit('queued'));
  return row!.id;
}
