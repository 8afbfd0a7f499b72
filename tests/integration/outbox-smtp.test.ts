/**
 * The outbox delivering to a real SMTP server (issue "Security and scale", real services in the
 * test suite; product decisions: nothing lost if the mail server is down). With SMTP_URL pointing
 * at smtp-server started by this file, queued e-mails arrive with their recipients, subject and
 * both parts; while the server is down, attempts fail and are retried with backoff (time moved
 * with `now`, no sleeps); once it is back on the same port, every message arrives exactly once.
 */
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { db } from '~/server/db/client.server';
import { outboxEmail } from '~/server/db/schema';
import { env } from '~/server/env.server';
import { queueEmail } from '~/server/mail/outbox.server';
import { renderEmail } from '~/server/mail/templates.server';
import { createTransport } from '~/server/mail/transport.server';
import { backoffMs, deliverDueEmails, startOutboxWorker } from '~/server/mail/worker.server';
import { startSmtpServer, type ReceivedMail, type RunningSmtpServer } from '../support/smtp-server';
import { useTestDatabase } from '../support/test-database';

let smtp: RunningSmtpServer;
// Registered before the database's hooks, so SMTP_URL is in place before anything reads the
// configuration (env() reads it once per test file).
beforeAll(async () => {
  smtp = await startSmtpServer();
  process.env.SMTP_URL = smtp.url;
});
afterAll(async () => {
  await smtp?.stop();
});
useTestDatabase();

beforeEach(async () => {
  await smtp.start();
  smtp.received.length = 0;
  await db().delete(outboxEmail);
});

/** Queues `n` contact notices, each to its own address; returns outbox id → recipient. */
async function queueMany(n: number): Promise<Map<string, string>> {
  const byId = new Map<string, string>();
  const run = randomUUID().slice(0, 8);
  for (let i = 0; i < n; i++) {
    const to = `inbox-${run}-${i}@example.test`;
    const id = await queueEmail(db(), {
      to,
      template: 'contact-notification',
      payload: { name: `Sender ${i}`, email: 'sender@example.com', phone: '', note: `Message ${run}-${i}` },
    });
    byId.set(id, to);
  }
  return byId;
}

/** How many messages the server accepted for each outbox id of `byId` (by its unique recipient). */
function deliveriesPerId(byId: Map<string, string>, received: ReceivedMail[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const [id, to] of byId) counts[id] = received.filter((m) => m.envelope.to.includes(to)).length;
  return counts;
}

async function outboxRows(ids: Iterable<string>) {
  return db()
    .select()
    .from(outboxEmail)
    .where(inArray(outboxEmail.id, [...ids]));
}

describe('outbox over SMTP', () => {
  it('delivers queued e-mails to their recipients with the rendered subject, text and HTML', async () => {
    const contact = { name: 'Zoë Ångström <b>', email: 'zoe@example.com', phone: '775-555-0100', note: 'Bridge loan, 12 months' };
    const verify = { name: 'Ann', url: 'http://localhost:3000/api/auth/verify-email?token=abc&callbackURL=%2F' };
    const contactId = await queueEmail(db(), { to: 'lender@example.test', template: 'contact-notification', payload: contact });
    const verifyId = await queueEmail(db(), { to: 'ann@example.com', template: 'verify-email', payload: verify });

    expect(await deliverDueEmails(createTransport())).toBe(2);

    expect(smtp.received).toHaveLength(2);
    const from = env().MAIL_FROM.match(/<(.+)>/)![1]!;
    for (const [to, template, payload] of [
      ['lender@example.test', 'contact-notification', contact],
      ['ann@example.com', 'verify-email', verify],
    ] as const) {
      const mail = smtp.received.find((m) => m.envelope.to.includes(to));
      const rendered = await renderEmail(template, payload as never);
      expect(mail, to).toBeDefined();
      expect(mail!.envelope).toEqual({ from, to: [to] });
      expect(mail!.from).toBe(from);
      expect(mail!.to).toEqual([to]);
      expect(mail!.subject).toBe(rendered.subject);
      expect(mail!.text.trim()).toBe(rendered.text.trim());
      expect(mail!.html).toBe(rendered.html);
      // Named after its outbox row, so a message sent again after a failure is recognisably the same.
      const [row] = await db().select({ id: outboxEmail.id }).from(outboxEmail).where(eq(outboxEmail.to, to));
      expect(mail!.messageId).toBe(`<${row!.id}@${new URL(env().PUBLIC_URL).hostname}>`);
    }
    expect(smtp.received.find((m) => m.envelope.to.includes('lender@example.test'))!.subject).toBe(
      'New contact inquiry from Zoë Ångström <b>',
    );
    expect(smtp.received.find((m) => m.envelope.to.includes('lender@example.test'))!.html).toContain('Zoë Ångström &lt;b&gt;');
    expect(smtp.received.find((m) => m.envelope.to.includes('ann@example.com'))!.text).toContain(verify.url);

    const rows = await outboxRows([contactId, verifyId]);
    expect(rows.map((r) => r.status)).toEqual(['sent', 'sent']);
    expect(rows.map((r) => r.lastError)).toEqual([null, null]);
  });

  it('the worker of a server with SMTP_URL delivers a message as soon as it is queued', async () => {
    const worker = startOutboxWorker();
    try {
      const byId = await queueMany(1);
      const [id, to] = [...byId][0]!;
      // Inside the worker's 5 s poll: it was woken by the queueing, and spoke SMTP.
      await expect.poll(() => smtp.received.length, { timeout: 4_000, interval: 25 }).toBe(1);
      expect(smtp.received[0]!.envelope.to).toEqual([to]);
      await expect.poll(async () => (await outboxRows([id]))[0]!.status, { timeout: 3_000, interval: 25 }).toBe('sent');
    } finally {
      await worker.stop();
    }
  });

  it('while the server is down, attempts fail and back off; once it is back on the same port every message arrives once', async () => {
    const byId = await queueMany(6);
    const port = smtp.port;
    await smtp.stop();

    // First attempt: the connection is refused; each message waits backoffMs(1).
    const t0 = new Date();
    expect(await deliverDueEmails(createTransport(), t0)).toBe(0);
    for (const row of await outboxRows(byId.keys())) {
      expect(row).toMatchObject({ status: 'queued', attempts: 1 });
      expect(row.lastError).toMatch(/ECONNREFUSED/);
      expect(row.nextAttemptAt.getTime()).toBe(t0.getTime() + backoffMs(1));
    }

    // Before that: nothing is attempted.
    expect(await deliverDueEmails(createTransport(), new Date(t0.getTime() + backoffMs(1) - 1))).toBe(0);
    expect((await outboxRows(byId.keys())).map((r) => r.attempts)).toEqual([1, 1, 1, 1, 1, 1]);

    // Due again and still down: the second attempt fails and waits twice as long.
    const t1 = new Date(t0.getTime() + backoffMs(1));
    expect(await deliverDueEmails(createTransport(), t1)).toBe(0);
    for (const row of await outboxRows(byId.keys())) {
      expect(row).toMatchObject({ status: 'queued', attempts: 2 });
      expect(row.nextAttemptAt.getTime()).toBe(t1.getTime() + backoffMs(2));
    }
    expect(smtp.received).toHaveLength(0);

    // Back, on the same port (SMTP_URL is unchanged).
    await smtp.start();
    expect(smtp.port).toBe(port);
    const t2 = new Date(t1.getTime() + backoffMs(2));
    expect(await deliverDueEmails(createTransport(), t2)).toBe(6);
    for (const row of await outboxRows(byId.keys())) expect(row).toMatchObject({ status: 'sent', attempts: 3, lastError: null });

    // Later rounds send nothing more.
    expect(await deliverDueEmails(createTransport(), new Date(t2.getTime() + 24 * 3600 * 1000))).toBe(0);
    expect(Object.values(deliveriesPerId(byId, smtp.received))).toEqual([1, 1, 1, 1, 1, 1]);
    expect(smtp.received).toHaveLength(6);
    expect(new Set(smtp.received.map((m) => m.messageId)).size).toBe(6);
  });

  it('a server that goes down in the middle of a batch: the accepted messages are not sent again, the rest follow', async () => {
    const byId = await queueMany(5);
    let stopping: Promise<void> | undefined;
    const off = smtp.onAccepted(() => {
      if (smtp.received.length === 2) stopping = smtp.stop();
    });
    const t0 = new Date();
    try {
      expect(await deliverDueEmails(createTransport(), t0)).toBe(2);
      await stopping;
    } finally {
      off();
    }
    expect(smtp.listening()).toBe(false);
    const firstRound = deliveriesPerId(byId, smtp.received);
    const rows = new Map((await outboxRows(byId.keys())).map((r) => [r.id, r]));
    for (const [id, n] of Object.entries(firstRound)) {
      // Each row says what the server saw: sent once, or queued for a retry after backoffMs(1).
      if (n === 1) expect(rows.get(id)).toMatchObject({ status: 'sent', attempts: 1 });
      else {
        expect(n).toBe(0);
        expect(rows.get(id)).toMatchObject({ status: 'queued', attempts: 1 });
        expect(rows.get(id)!.nextAttemptAt.getTime()).toBe(t0.getTime() + backoffMs(1));
      }
    }

    await smtp.start();
    expect(await deliverDueEmails(createTransport(), new Date(t0.getTime() + backoffMs(1)))).toBe(3);
    expect(Object.values(deliveriesPerId(byId, smtp.received))).toEqual([1, 1, 1, 1, 1]);
    expect(new Set(smtp.received.map((m) => m.messageId)).size).toBe(5);
    const sent = await db().select().from(outboxEmail).where(eq(outboxEmail.status, 'sent'));
    expect(sent.map((r) => r.id).sort()).toEqual([...byId.keys()].sort());
  });
});
