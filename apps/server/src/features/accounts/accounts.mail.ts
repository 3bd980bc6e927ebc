// The e-mails of the accounts domain, in the shop's one layout (adapters/mail/compose.ts).
import { compose } from '../../adapters/mail/compose.ts';
import type { MailMessage } from '../../adapters/mail/mailer.ts';

const shop = 'Axle';

export function verifyEmailMessage({
  to,
  name,
  link,
}: {
  to: string;
  name: string;
  link: string;
}): MailMessage {
  return compose(to, `Confirm your e-mail address for ${shop}`, [
    { greeting: name },
    `Welcome to ${shop}! Confirm that this is your e-mail address, and you are signed in:`,
    { action: 'Confirm my e-mail address', link },
    'The link works once.',
    `If you did not create an account at ${shop}, you can ignore this e-mail.`,
  ]);
}

export function passwordResetMessage({
  to,
  name,
  link,
  minutes,
}: {
  to: string;
  name: string;
  link: string;
  minutes: number;
}): MailMessage {
  const expiry = `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
  return compose(to, `Reset your ${shop} password`, [
    { greeting: name },
    `Someone asked to reset the password of your ${shop} account. Choose a new password here:`,
    { action: 'Choose a new password', link },
    `The link works once and expires in ${expiry}.`,
    'If you did not ask for this, ignore this e-mail: your password stays as it is.',
  ]);
}

export function alreadyRegisteredMessage({
  to,
  name,
  signInLink,
  resetLink,
}: {
  to: string;
  name: string;
  signInLink: string;
  resetLink: string;
}): MailMessage {
  return compose(to, `You already have an account at ${shop}`, [
    { greeting: name },
    `Someone just tried to create an account at ${shop} with this e-mail address, which already has one.`,
    'If it was you, sign in:',
    { action: 'Sign in', link: signInLink },
    'Forgot your password? Reset it:',
    { action: 'Reset my password', link: resetLink },
    'If it was not you, you can ignore this e-mail: nothing has changed on your account.',
  ]);
}
