import type { MailMessage } from './mailer.ts';

/** The texts of the account mails. Links point at the web app's pages. */
export function verificationMail(appTitle: string, to: string, name: string, link: string): MailMessage {
  return {
    to,
    subject: `Verify your email for ${appTitle}`,
    text: [
      `Hello ${name},`,
      '',
      `Please confirm your email address for ${appTitle} by opening this link:`,
      '',
      link,
      '',
      'The link is valid for 24 hours. If you did not create an account, ignore this message.',
    ].join('\n'),
  };
}

export function passwordResetMail(appTitle: string, to: string, name: string, link: string): MailMessage {
  return {
    to,
    subject: `Reset your ${appTitle} password`,
    text: [
      `Hello ${name},`,
      '',
      `Someone asked to reset the password of your ${appTitle} account. To choose a new one, open:`,
      '',
      link,
      '',
      'The link is valid for 15 minutes and works once. If you did not ask for it, ignore this message.',
    ].join('\n'),
  };
}

export function passwordChangedMail(appTitle: string, to: string, name: string): MailMessage {
  return {
    to,
    subject: `Your ${appTitle} password was changed`,
    text: [
      `Hello ${name},`,
      '',
      `The password of your ${appTitle} account was just reset and every session was signed out.`,
      'If this was not you, reset your password again and contact your administrator.',
    ].join('\n'),
  };
}
