/**
 * The outbox worker: runs inside the server process and delivers due messages, with
 * exponential backoff between attempts (30 s, 1 min, 2 min … capped at 1 h). A message still
 * undelivered a day after it was queued is marked `failed`.
 */
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { databaseHandle, db } from '../db/client.server';
import { outboxEmail } from '../db/schema';
import { logger } from '../logger.server';
import { OUTBOX_CHANNEL } from './outbox.server';
import { renderStoredEmail } from './templates.server';
import { createTransport, outboxMessageId, type MailTransport } from './transport.server';

const GIVE_UP_AFTER_MS = 24 * 60 * 60 * 1000;
const POLL_MS = 5_000;
const BATCH = 20;
const LEASE_MS = 10 * 60 * 1000;

/** Delay before attempt number `attempts + 1`, in milliseconds. */
export function backoffMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60 * 1000);
}

/**
 * Delivers every message due now; returns how many were sent. Rows are claimed with
 * `FOR UPDATE SKIP LOCKED` and leased for 10 minutes, so several server processes never send
 * one twice and a message claimed by a process that died is sent later.
 */
export async function deliverDueEmails(transport: MailTransport, now = new Date()): Promise<number> {
  const claimed = await db().transaction(async (tx) => {
    const due = await tx
      .select({ id: outboxEmail.id })
      .from(outboxEmail)
      .where(and(inArray(outboxEmail.status, ['queued', 'sending']), lte(outboxEmail.nextAttemptAt, now)))
      .orderBy(asc(outboxEmail.nextAttemptAt))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(outboxEmail)
      .set({
        status: 'sending',
        attempts: sql`${outboxEmail.attempts} + 1`,
        // A lease: if this process dies mid-send, the row becomes due again after it.
        nextAttemptAt: new Date(now.getTime() + LEASE_MS),
      })
      .where(
        inArray(
          outboxEmail.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
  });

  let sent = 0;
  for (const message of claimed) {
    try {
      await transport.send(message.to, await renderStoredEmail(message), outboxMessageId(message.id));
      await db()
        .update(outboxEmail)
        .set({ status: 'sent', sentAt: new Date(), lastError: null })
        .where(eq(outboxEmail.id, message.id));
      sent++;
    } catch (error) {
      const expired = now.getTime() - message.createdAt.getTime() >= GIVE_UP_AFTER_MS;
      const lastError = error instanceof Error ? error.message : String(error);
      await db()
        .update(outboxEmail)
        .set({
          status: expired ? 'failed' : 'queued',
          lastError,
          nextAttemptAt: new Date(now.getTime() + backoffMs(message.attempts)),
        })
        .where(eq(outboxEmail.id, message.id));
      logger.warn({ id: message.id, attempts: message.attempts, err: lastError, failed: expired }, 'e-mail delivery failed');
    }
  }
  return sent;
}

/**
 * Starts the background loop: a batch whenever a message is announced on `OUTBOX_CHANNEL` (by any
 * process, once its transaction commits), and every 5 s for messages that fall due later (retries,
 * coalesced notices). `stop()` waits for the current batch to finish.
 */
export function startOutboxWorker(transport: MailTransport = createTransport()) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  let again = false;

  const tick = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    running = deliverDueEmails(transport)
      .then((sent) => {
        // A full batch: more may be due right now (a burst of sign-ups); go on at once.
        if (sent >= BATCH) again = true;
      })
      .catch((err) => logger.error({ err }, 'outbox worker error'))
      .finally(() => {
        running = undefined;
        if (stopped) return;
        if (again) {
          again = false;
          setImmediate(tick);
        } else timer = setTimeout(tick, POLL_MS);
      });
  };
  const listening = databaseHandle()
    .listen(OUTBOX_CHANNEL, tick)
    .catch((err) => {
      logger.warn({ err }, 'outbox worker cannot listen for new messages; it polls every 5 s');
      return async () => {};
    });
  // The first batch once listening: a message committed before then is due, and seen by it.
  void listening.then(tick);
  return {
    /** Resolves once the worker listens (or has given up listening and only polls). */
    ready: listening.then(() => {}),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await (
        await listening
      )();
      await running;
    },
  };
}
