import { z } from 'zod';
import { registerEmailPattern } from './rules.ts';

export const NEWSLETTER_INVALID = 'Enter a valid e-mail address';
export const NEWSLETTER_THANKS = 'Thank you for subscribing!';

export const subscribeBody = z.object({
  email: z
    .string()
    .trim()
    .max(254, NEWSLETTER_INVALID)
    .regex(registerEmailPattern, NEWSLETTER_INVALID),
});
export const subscribeReply = z.object({ message: z.string() });
