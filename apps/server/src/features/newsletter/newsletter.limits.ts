// How often the newsletter calls may be made: per caller address, and per e-mail address, since
// every sign-up mails the address a confirmation link (issue 14 #9).
export const defaultNewsletterLimits = {
  subscribePerIp: { max: 10, windowSeconds: 60 * 60 },
  // Each sign-up of an unconfirmed address mails it: a stranger cannot flood an inbox.
  subscribePerAddress: { max: 3, windowSeconds: 24 * 60 * 60 },
  confirmPerIp: { max: 30, windowSeconds: 60 * 60 },
} satisfies Record<string, { max: number; windowSeconds: number }>;
export type NewsletterLimits = typeof defaultNewsletterLimits;

/** Every limit allows `factor` times as many events (RATE_LIMIT_SCALE), in the same windows. */
export function scaleNewsletterLimits(limits: NewsletterLimits, factor: number): NewsletterLimits {
  return Object.fromEntries(
    Object.entries(limits).map(([name, limit]) => [name, { ...limit, max: limit.max * factor }]),
  ) as NewsletterLimits;
}

/** An address's key in the per-address limit: case and surrounding spaces do not make a new one. */
export const addressKey = (email: string) => email.trim().toLowerCase();
