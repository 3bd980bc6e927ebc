import { z } from 'zod';
import { registerEmailPattern } from './rules.ts';
import { newsletterMessages } from './texts.ts';

export const NEWSLETTER_INVALID = 'Enter a valid e-mail address';
export const NEWSLETTER_THANKS = 'Thank you for subscribing!';
/**
 * The reply to every valid sign-up, new address or not (double opt-in): the address gets the
 * newsletter only once its owner opens the e-mailed link.
 */
export const NEWSLETTER_CHECK_MAIL = newsletterMessages.checkMail;
export const NEWSLETTER_CONFIRMED = newsletterMessages.confirmed;
export const NEWSLETTER_LINK_INVALID = newsletterMessages.linkInvalid;

export const subscribeBody = z.object({
  email: z
    .string()
    .trim()
    .max(254, NEWSLETTER_INVALID)
    .regex(registerEmailPattern, NEWSLETTER_INVALID),
});
export const subscribeReply = z.object({ message: z.string() });

/** The e-mailed confirmation link's token: confirms the subscription, once. */
export const confirmSubscriptionBody = z.object({ token: z.string().min(16).max(200) });
