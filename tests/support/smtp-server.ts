/**
 * A real SMTP server for tests (issue "Security and scale", real services in the test suite):
 * smtp-server on a free loopback port that accepts every message, parses it (mailparser) and
 * keeps it, with its envelope, in `received`. It can be stopped and started again on the same
 * port, as a mail relay that goes down and comes back.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** The envelope: MAIL FROM and RCPT TO, as the client gave them. */
  envelope: { from: string; to: string[] };
  /** The headers' addresses, subject and Message-ID, and the decoded text and HTML parts. */
  from: string;
  to: string[];
  subject: string;
  messageId: string;
  text: string;
  html: string;
}

export interface RunningSmtpServer {
  /** The port, kept across `stop()` and `start()`. */
  port: number;
  /** `smtp://127.0.0.1:{port}`, for SMTP_URL. */
  url: string;
  /** Every message accepted so far, in order of acceptance. */
  received: ReceivedMail[];
  /** Calls `listener` after each message has been accepted (the client has its 250); returns its removal. */
  onAccepted(listener: (mail: ReceivedMail) => void): () => void;
  /** Whether the server is listening. */
  listening(): boolean;
  /** Stops listening (a client now gets ECONNREFUSED) and waits for open sessions to end. */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
}

function addresses(header: AddressObject | AddressObject[] | undefined): string[] {
  return [header ?? []].flat().flatMap((h) => h.value.map((a) => a.address ?? ''));
}

/** Starts an SMTP server on 127.0.0.1 at a port the system chooses; no TLS, no authentication. */
export async function startSmtpServer(): Promise<RunningSmtpServer> {
  const received: ReceivedMail[] = [];
  const listeners: ((mail: ReceivedMail) => void)[] = [];
  let server: SMTPServer | undefined;
  let port = 0;

  const create = () =>
    new SMTPServer({
      logger: false,
      authOptional: true,
      // Plain SMTP on loopback: nodemailer would otherwise try STARTTLS with the built-in
      // self-signed certificate and refuse it.
      disabledCommands: ['STARTTLS', 'AUTH'],
      disableReverseLookup: true,
      async onData(stream, session, callback) {
        try {
          const parsed = await simpleParser(stream);
          const mail: ReceivedMail = {
            envelope: {
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address),
            },
            from: addresses(parsed.from)[0] ?? '',
            to: addresses(parsed.to),
            subject: parsed.subject ?? '',
            messageId: parsed.messageId ?? '',
            text: parsed.text ?? '',
            html: parsed.html || '',
          };
          received.push(mail);
          callback();
          for (const listener of listeners) listener(mail);
        } catch (error) {
          callback(error as Error);
        }
      },
    });

  const listen = async () => {
    const next = create();
    await new Promise<void>((resolve, reject) => {
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => {
        next.off('error', reject);
        resolve();
      });
    });
    port = (next.server.address() as AddressInfo).port;
    server = next;
  };

  await listen();
  const running: RunningSmtpServer = {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    onAccepted(listener) {
      listeners.push(listener);
      return () => listeners.splice(listeners.indexOf(listener), 1);
    },
    listening: () => Boolean(server?.server.listening),
    async stop() {
      const current = server;
      server = undefined;
      if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
    },
    async start() {
      if (!server) await listen();
    },
  };
  return running;
}
