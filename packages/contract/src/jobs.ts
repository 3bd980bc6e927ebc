import { z } from 'zod';

// The shop's durable queue (issue 31 #2): e-mail and other slow work runs after the change that
// caused it, with retries. Admins see the jobs that did not go through and send them again.

/**
 * The tasks the shop runs again and again, each by one instance a period: cancelling unpaid
 * orders past their time, asking the card provider about payments not heard back, delivering
 * webhooks, deleting old webhook history and retry keys, and the admins' daily low-stock mail.
 */
export const recurringKind = z.enum([
  'expire-unpaid-orders',
  'reconcile-payments',
  'deliver-webhooks',
  'prune-webhooks',
  'purge-idempotency-keys',
  'mail-low-stock',
]);
export type RecurringKind = z.infer<typeof recurringKind>;

/** What a job does, as an admin reads it in the list. */
export const jobKind = z.enum([
  'mail',
  'order-placed',
  'invoice-mail',
  'core-refund',
  ...recurringKind.options,
]);
export type JobKind = z.infer<typeof jobKind>;

/**
 * `retrying`: it failed and waits for its next try; `dead`: it failed every try and waits for an
 * admin. Jobs that are waiting for their first try, or running, are not stuck.
 */
export const stuckJobState = z.enum(['retrying', 'dead']);
export type StuckJobState = z.infer<typeof stuckJobState>;

/** A job that did not go through: what it is for, how often it was tried and why it failed. */
export const stuckJob = z.object({
  _id: z.number().int(),
  kind: jobKind,
  /** In people's words: "E-mail to ada@fleet.com: Your order 10042 has shipped". */
  about: z.string(),
  state: stuckJobState,
  attempts: z.number().int(),
  /** The last failure's message (never a password or a card number: the mail server's reply). */
  lastError: z.string().nullable(),
  /** When it is tried again; null once it is dead. */
  nextTryAt: z.iso.datetime({ offset: true }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type StuckJob = z.infer<typeof stuckJob>;

/** GET /api/admin/jobs: the newest stuck jobs first, at most `limit`, and how many there are. */
export const stuckJobsQuery = z.strictObject({
  state: stuckJobState.optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
export type StuckJobsQuery = z.infer<typeof stuckJobsQuery>;

export const stuckJobList = z.object({
  jobs: z.array(stuckJob),
  counts: z.object({ retrying: z.number().int(), dead: z.number().int() }),
});
export type StuckJobList = z.infer<typeof stuckJobList>;

export const jobParams = z.object({ id: z.coerce.number().int().positive() });
