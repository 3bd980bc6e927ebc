// The newsletter's one e-mail: the confirmation link of a sign-up (double opt-in). It quotes
// nothing a stranger typed: no name, and the only link is the shop's own (PUBLIC_URL and a token).
import { compose } from '../../adapters/mail/compose.ts';
import type { MailMessage } from '../../adapters/mail/mailer.ts';

const shop = 'Axle';

export function confirmSubscriptionMessage({
  to,
  link,
  hours,
}: {
  to: string;
  link: string;
  hours: number;
}): MailMessage {
  return compose(to, `Confirm your ${shop} newsletter subscription`, [
    `Someone asked for the ${shop} newsletter at this e-mail address. If it was you, confirm it:`,
    { action: 'Confirm my subscription', link },
    `The link works once and expires in ${hours} hours.`,
    'If it was not you, ignore this e-mail: you will get nothing more from us.',
  ]);
}
