import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string[];
  /** The raw message with quoted-printable soft breaks and escapes decoded. */
  text: string;
}

/** A real SMTP server on an ephemeral port that keeps every message it receives. */
export interface SmtpCapture {
  port: number;
  mails: CapturedMail[];
  /** Env for startTestServer so the app mails here. */
  env: Record<string, string>;
  /** Waits for the next mail to `to` (received from now on or already waiting). */
  next(to: string, timeoutMs?: number): Promise<CapturedMail>;
  close(): Promise<void>;
}

export function decodeQuotedPrintable(raw: string): string {
  const bytes = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The first link in a mail that starts with `prefix`. */
export function linkIn(mail: CapturedMail, prefix: string): URL {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${escaped}[^\\s"<>]*`).exec(mail.text);
  if (!match) throw new Error(`no link starting with ${prefix} in:\n${mail.text}`);
  return new URL(match[0]);
}

export async function startSmtpCapture(): Promise<SmtpCapture> {
  const mails: CapturedMail[] = [];
  const waiters: { to: string; resolve: (m: CapturedMail) => void }[] = [];
  const taken = new Set<CapturedMail>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const mail = {
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          text: decodeQuotedPrintable(Buffer.concat(chunks).toString('latin1')),
        };
        mails.push(mail);
        const i = waiters.findIndex((w) => mail.to.includes(w.to));
        if (i >= 0) {
          taken.add(mail);
          waiters.splice(i, 1)[0]!.resolve(mail);
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    mails,
    env: {
      EMAIL_HOST: '127.0.0.1',
      EMAIL_PORT: String(port),
      EMAIL_FROM: 'noreply@parley.test',
      EMAIL_FROM_NAME: 'Parley',
    },
    next(to, timeoutMs = 10_000) {
      const address = to.toLowerCase();
      const waiting = mails.find((m) => !taken.has(m) && m.to.includes(address));
      if (waiting) {
        taken.add(waiting);
        return Promise.resolve(waiting);
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no mail to ${to} within ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiters.push({
          to: address,
          resolve: (m) => {
            clearTimeout(timer);
            resolve(m);
          },
        });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
