/**
 * The e-mail outbox and its worker against a real database: delivery writes .eml files with a
 * plain-text and an HTML part, failures are retried with exponential backoff, and a message
 * undelivered after a day is marked failed.
 */
import { readdirSync, readFileSync, watch } from 'node:fs';
import { mkdir, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { db, transaction } from '~/server/db/client.server';
import { outboxEmail } from '~/server/db/schema';
import { queueEmail } from '~/server/mail/outbox.server';
import { renderEmail } from '~/server/mail/templates.server';
import { backoffMs, deliverDueEmails, startOutboxWorker } from '~/server/mail/worker.server';
import { createTransport, type MailTransport } from '~/server/mail/transport.server';
import { useTestDatabase } from '../support/test-database';

useTestDatabase();

const failing: MailTransport = {
  async send() {
    throw new Error('SMTP connection refused');
  },
};

describe('outbox worker', () => {
  beforeEach(async () => {
    await db().delete(outboxEmail);
  });

  it('never shows a reader of DATA_DIR/mail half an .eml: a file appears whole, under its final name', async () => {
    const dir = path.join(process.env.DATA_DIR!, 'mail');
    await mkdir(dir, { recursive: true });
    const before = new Set(await readdir(dir));
    // Every time the folder changes, each new .eml in it is read at once, as a test's poll does.
    const seen: string[] = [];
    const watcher = watch(dir, () => {
      for (const name of readdirSync(dir))
        if (name.endsWith('.eml') && !before.has(name)) seen.push(readFileSync(path.join(dir, name), 'latin1'));
    });
    try {
      // A large message is written in many chunks: a reader between two of them saw half of it.
      const text = 'A long message. '.repeat(300_000);
      await createTransport().send('reader@example.com', { subject: 'Whole or nothing', text, html: `<p>${text}</p>` });
      await vi.waitFor(() => expect(seen.length).toBeGreaterThan(0));
    } finally {
      watcher.close();
    }
    const [written] = (await readdir(dir)).filter((name) => name.endsWith('.eml') && !before.has(name));
    const whole = await readFile(path.join(dir, written!), 'latin1');
    expect(seen.every((content) => content === whole)).toBe(true);
    expect((await readdir(dir)).filter((name) => name.endsWith('.part'))).toEqual([]);
  });

  it('writes a queued message to DATA_DIR/mail as an .eml with text and HTML parts', async () => {
    await queueEmail(db(), {
      to: 'lender@example.test',
      template: 'contact-notification',
      payload: { name: 'Ann <b>', email: 'ann@example.com', phone: '', note: 'Hello' },
    });
    expect(await deliverDueEmails(createTransport())).toBe(1);
    const [row] = await db().select().from(outboxEmail);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    const dir = path.join(process.env.DATA_DIR!, 'mail');
    const files = await readdir(dir);
    const eml = await readFile(path.join(dir, files.at(-1)!), 'utf8');
    expect(eml).toMatch(/^To: lender@example\.test$/m);
    expect(eml).toMatch(/Subject: New contact inquiry from Ann/);
    expect(eml).toMatch(/Content-Type: text\/plain/);
    expect(eml).toMatch(/Content-Type: text\/html/);
    const { html } = await renderEmail('contact-notification', { name: 'Ann <b>', email: 'a@example.com', phone: '', note: '' });
    expect(html).toContain('Ann &lt;b&gt;');
    expect(html).not.toContain('Ann <b>');
  });

  it('retries a failed delivery with exponential backoff and keeps the error', async () => {
    await queueEmail(db(), {
      to: 'a@example.test',
      template: 'contact-notification',
      payload: { name: 'A', email: 'a@example.com', phone: '', note: '' },
    });
    const t0 = new Date();
    expect(await deliverDueEmails(failing, t0)).toBe(0);
    let [row] = await db().select().from(outboxEmail);
    expect(row).toMatchObject({ status: 'queued', attempts: 1, lastError: 'SMTP connection refused' });
    expect(row!.nextAttemptAt.getTime() - t0.getTime()).toBe(backoffMs(1));
    // Not due yet: nothing is attempted.
    expect(await deliverDueEmails(failing, new Date(t0.getTime() + 1000))).toBe(0);
    [row] = await db().select().from(outboxEmail);
    expect(row!.attempts).toBe(1);
    // Due again: the second attempt waits twice as long.
    const t1 = new Date(row!.nextAttemptAt.getTime() + 1);
    await deliverDueEmails(failing, t1);
    [row] = await db().select().from(outboxEmail);
    expect(row!.attempts).toBe(2);
    expect(row!.nextAttemptAt.getTime() - t1.getTime()).toBe(backoffMs(2));
    expect(backoffMs(2)).toBe(2 * backoffMs(1));
    // Then it succeeds.
    expect(await deliverDueEmails(createTransport(), new Date(row!.nextAttemptAt.getTime() + 1))).toBe(1);
    [row] = await db().select().from(outboxEmail);
    expect(row).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
  });

  it('gives up a day after queueing: status failed', async () => {
    const id = await queueEmail(db(), {
      to: 'a@example.test',
      template: 'contact-notification',
      payload: { name: 'A', email: 'a@example.com', phone: '', note: '' },
    });
    const dayLater = new Date(Date.now() + 24 * 3600 * 1000 + 1000);
    await db()
      .update(outboxEmail)
      .set({ nextAttemptAt: new Date(0) })
      .where(eq(outboxEmail.id, id));
    await deliverDueEmails(failing, dayLater);
    const [row] = await db().select().from(outboxEmail);
    expect(row).toMatchObject({ status: 'failed', lastError: 'SMTP connection refused' });
    expect(await deliverDueEmails(createTransport(), new Date(dayLater.getTime() + 10 * 24 * 3600 * 1000))).toBe(0);
  });

  it('delivers a burst larger than one batch at once, without waiting for the next poll', async () => {
    const sent: string[] = [];
    const worker = startOutboxWorker({
      async send(to) {
        sent.push(to);
      },
    });
    try {
      for (let i = 0; i < 45; i++)
        await queueEmail(db(), {
          to: `burst${i}@example.test`,
          template: 'contact-notification',
          payload: { name: 'B', email: 'b@example.com', phone: '', note: '' },
        });
      // The poll interval is 5 s: all 45 within 2 s means the worker went on after full batches.
      await expect.poll(() => sent.length, { timeout: 2_000, interval: 50 }).toBe(45);
    } finally {
      await worker.stop();
    }
  });

  it('delivers a message queued in a transaction as soon as the transaction commits, and one rolled back never', async () => {
    const sent: string[] = [];
    const worker = startOutboxWorker({
      async send(to) {
        sent.push(to);
      },
    });
    try {
      await worker.ready;
      // A transaction that goes on for 300 ms after queueing (as a sign-up or a status change may):
      // the worker is told when it commits, not before, when it would find nothing and wait 5 s.
      await transaction(async (tx) => {
        await queueEmail(tx, {
          to: 'late@example.test',
          template: 'contact-notification',
          payload: { name: 'L', email: 'l@example.com', phone: '', note: '' },
        });
        await tx.execute(sql`select pg_sleep(0.3)`);
      });
      await expect.poll(() => sent, { timeout: 1_000, interval: 20 }).toEqual(['late@example.test']);
      await transaction(async (tx) => {
        await queueEmail(tx, {
          to: 'never@example.test',
          template: 'contact-notification',
          payload: { name: 'N', email: 'n@example.com', phone: '', note: '' },
        });
        tx.rollback();
      }).catch(() => {});
      await queueEmail(db(), {
        to: 'after@example.test',
        template: 'contact-notification',
        payload: { name: 'A', email: 'a@example.com', phone: '', note: '' },
      });
      await expect.poll(() => sent, { timeout: 1_000, interval: 20 }).toEqual(['late@example.test', 'after@example.test']);
    } finally {
      await worker.stop();
    }
  });

  it('caps the backoff at one hour', () => {
    expect(backoffMs(1)).toBe(30_000);
    expect(backoffMs(20)).toBe(3_600_000);
  });
});
