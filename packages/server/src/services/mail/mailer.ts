import type { Transporter } from 'nodemailer';
import type { Env } from '../../config/env.ts';

export interface MailMessage {
  to: string;
  subject: string;
  /** Plain text only: links stay copyable and nothing needs HTML escaping. */
  text: string;
}

/** Sends account mail. The SMTP implementation is the only one; tests point it at a local server. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** A Mailer over SMTP from the EMAIL_* variables, for the verification and password-reset links. */
export function createSmtpMailer(env: Env): Mailer {
  const options = {
    host: env.EMAIL_HOST,
    port: env.EMAIL_PORT,
    secure: env.EMAIL_SECURE,
    ...(env.EMAIL_USERNAME ? { auth: { user: env.EMAIL_USERNAME, pass: env.EMAIL_PASSWORD ?? '' } } : {}),
    tls: { rejectUnauthorized: !env.EMAIL_ALLOW_SELFSIGNED },
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  };
  // nodemailer loads with the first mail, not with the server: most starts send none.
  let transport: Promise<Transporter> | undefined;
  const transportOf = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport(options),
    ));
  const from = env.EMAIL_FROM_NAME
    ? { name: env.EMAIL_FROM_NAME, address: env.EMAIL_FROM! }
    : env.EMAIL_FROM!;
  return {
    async send(message) {
      await (
        await transportOf()
      ).sendMail({ from, to: message.to, subject: message.subject, text: message.text });
    },
    close() {
      void transport?.then((t) => t.close());
    },
  };
}
