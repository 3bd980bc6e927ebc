// How often the account calls may be made: per caller address, and per account so that no
// address can be flooded with mail or have its password guessed from many addresses.

export const defaultAuthLimits = {
  loginPerIp: { max: 50, windowSeconds: 15 * 60 },
  loginFailuresPerAccount: { max: 10, windowSeconds: 15 * 60 },
  registerPerIp: { max: 20, windowSeconds: 60 * 60 },
  // A sign-up for an address that has an account mails its owner: as often as a reset may.
  registerPerAccount: { max: 5, windowSeconds: 60 * 60 },
  resetPerIp: { max: 20, windowSeconds: 60 * 60 },
  resetPerAccount: { max: 5, windowSeconds: 60 * 60 },
  confirmPerIp: { max: 30, windowSeconds: 60 * 60 },
  verifyPerIp: { max: 30, windowSeconds: 60 * 60 },
  resendPerIp: { max: 20, windowSeconds: 60 * 60 },
  resendPerAccount: { max: 5, windowSeconds: 60 * 60 },
} satisfies Record<string, { max: number; windowSeconds: number }>;
export type AuthLimits = typeof defaultAuthLimits;

/** Every limit allows `factor` times as many events (RATE_LIMIT_SCALE), in the same windows. */
export function scaleAuthLimits(limits: AuthLimits, factor: number): AuthLimits {
  return Object.fromEntries(
    Object.entries(limits).map(([name, limit]) => [name, { ...limit, max: limit.max * factor }]),
  ) as AuthLimits;
}

/** An account's key in the per-account limits: the address as sign-in compares it. */
export const accountKey = (email: string) => email.trim().toLowerCase();
