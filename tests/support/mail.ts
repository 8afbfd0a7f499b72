/**
 * Reads the e-mails the server wrote to `DATA_DIR/mail` (no SMTP_URL): decodes
 * quoted-printable bodies (docs/stack-notes.md) so tests can look for texts and links, and
 * subjects with encoded words (RFC 2047: a subject with a character outside ASCII, such as '–')
 * with mailparser, as the real SMTP server's tests do.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';

export interface SentMail {
  file: string;
  to: string;
  subject: string;
  body: string;
}

function decodeQuotedPrintable(s: string): string {
  return s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Mails already read, by path: a written .eml file never changes (many tests poll at once). */
const read = new Map<string, SentMail>();

/** Every e-mail in `dataDir/mail`, oldest first. */
export async function readMails(dataDir: string): Promise<SentMail[]> {
  const dir = path.join(dataDir, 'mail');
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  return Promise.all(
    files.map(async (file) => {
      const known = read.get(path.join(dir, file));
      if (known) return known;
      const raw = await readFile(path.join(dir, file), 'utf8');
      const subject = raw.match(/^Subject: (.+)$/m)?.[1]?.trim() ?? '';
      const mail = {
        file,
        to: raw.match(/^To: (.+)$/m)?.[1]?.trim() ?? '',
        // Only an encoded subject needs the parser (it folds and decodes encoded words).
        subject: subject.includes('=?') ? ((await simpleParser(raw)).subject ?? '') : subject,
        body: decodeQuotedPrintable(raw),
      };
      read.set(path.join(dir, file), mail);
      return mail;
    }),
  );
}
