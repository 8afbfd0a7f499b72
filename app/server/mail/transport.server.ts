/**
 * Delivery: SMTP when SMTP_URL is set; otherwise each message is written to
 * `DATA_DIR/mail/` as one .eml file and its recipient and subject are logged.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { dataPath, env } from '../env.server';
import { logger } from '../logger.server';
import type { RenderedEmail } from './templates.server';

export interface MailTransport {
  /**
   * Sends `email` to `to`. `messageId` (`<…@…>`) names the message: a message sent again after
   * a failure keeps it, so a receiver can tell a repeat from a new message.
   */
  send(to: string, email: RenderedEmail, messageId?: string): Promise<void>;
}

/** The Message-ID of outbox message `id`: stable across attempts, on the site's host. */
export function outboxMessageId(id: string): string {
  return `<${id}@${new URL(env().PUBLIC_URL).hostname}>`;
}

function smtpTransport(url: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    async send(to, email, messageId) {
      await transporter.sendMail({ from, to, messageId, subject: email.subject, text: email.text, html: email.html });
    },
  };
}

function fileTransport(dir: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(to, email, messageId) {
      const info = await transporter.sendMail({
        from,
        to,
        messageId,
        subject: email.subject,
        text: email.text,
        html: email.html,
      });
      await mkdir(dir, { recursive: true });
      const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`);
      // Written under a temporary name and renamed: a reader of the folder (a developer's mail
      // viewer, the end-to-end tests) never sees half a message.
      const partial = `${file}.part`;
      await writeFile(partial, info.message as Buffer);
      await rename(partial, file);
      const links = email.text.match(/https?:\/\/\S+/g) ?? [];
      logger.info({ to, subject: email.subject, file, links }, 'e-mail written to file (no SMTP_URL)');
    },
  };
}

/** The configured transport. */
export function createTransport(): MailTransport {
  const { SMTP_URL, MAIL_FROM } = env();
  return SMTP_URL ? smtpTransport(SMTP_URL, MAIL_FROM) : fileTransport(dataPath('mail'), MAIL_FROM);
}
