// The e-mails of company accounts, in the shop's one layout (adapters/mail/compose.ts).
import { INVITATION_DAYS } from '@axle/contract';
import { compose } from '../../adapters/mail/compose.ts';
import type { MailMessage } from '../../adapters/mail/mailer.ts';

export function invitationMessage({
  to,
  invitedBy,
  legalName,
  role,
  link,
}: {
  to: string;
  invitedBy: string;
  legalName: string;
  role: 'owner' | 'buyer';
  link: string;
}): MailMessage {
  return compose(to, `${invitedBy} invites you to buy for ${legalName} at Axle`, [
    'Hello,',
    `${invitedBy} invites you to join ${legalName} at Axle as ${role === 'owner' ? 'an owner' : 'a buyer'}. Accept with this link; if you have no account yet, you create one on the way:`,
    { action: `Join ${legalName}`, link },
    `The link works once, for ${INVITATION_DAYS} days.`,
    'If you do not know this company, you can ignore this e-mail.',
  ]);
}
