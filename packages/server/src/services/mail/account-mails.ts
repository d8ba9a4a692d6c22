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

/** Sent to a new address given on the account page: following the link moves the account to it. */
export function emailChangeMail(appTitle: string, to: string, name: string, link: string): MailMessage {
  return {
    to,
    subject: `Confirm your new email for ${appTitle}`,
    text: [
      `Hello ${name},`,
      '',
      `Your ${appTitle} account asked to use this address from now on. To confirm it, open:`,
      '',
      link,
      '',
      'The link is valid for 24 hours. Until then the account keeps its old address. If you did not ask for this, ignore this message.',
    ].join('\n'),
  };
}

/** Sent after a change on the account page, so a stranger's change does not pass unnoticed. */
export function passwordChangedOnAccountMail(appTitle: string, to: string, name: string): MailMessage {
  return {
    to,
    subject: `Your ${appTitle} password was changed`,
    text: [
      `Hello ${name},`,
      '',
      `The password of your ${appTitle} account was changed on its account page, and every other session was signed out.`,
      'If this was not you, reset your password and contact your administrator.',
    ].join('\n'),
  };
}
