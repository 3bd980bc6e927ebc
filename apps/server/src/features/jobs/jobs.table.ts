import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The shop's durable queue (issue 31 #2, ADR 020): slow or outside work (an e-mail, an invoice's
 * PDF and its mail) written in the same transaction as the change that causes it, and run after
 * the commit by whichever instance claims it. A claimed job's `run_at` moves a lease ahead: an
 * instance that dies while running it leaves it to be claimed again once the lease ends. A job
 * that fails is queued again with a later `run_at` (backoff); after its last try it is `dead` and
 * waits for an admin. A job that went through is deleted.
 *
 * A recurring task (expiring unpaid orders, reconciling card payments, delivering webhooks, purging
 * what has expired) is one row per kind with `every_ms`: whichever instance claims it runs it, and
 * then it is queued again `every_ms` later rather than deleted, so that however many instances
 * there are, each task runs once a period. A recurring task that fails is tried again (never dead)
 * and shows among the stuck jobs until it goes through.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    state: text('state', { enum: ['queued', 'running', 'dead'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    /** When it may run: its first try, its next try, or the end of a running job's lease. */
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    /** Why its last try failed; set from its first failure on, so it marks the stuck jobs. */
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** A recurring task's period; null for a job that runs once. */
    everyMs: integer('every_ms'),
  },
  (t) => [
    check('jobs_state_check', sql`${t.state} in ('queued', 'running', 'dead')`),
    // The workers' one question: what is due now.
    index('jobs_due_idx').on(t.runAt).where(sql`${t.state} <> 'dead'`),
    // The admin's list of jobs that did not go through, newest first.
    index('jobs_stuck_idx').on(t.createdAt).where(sql`${t.lastError} is not null`),
    // One row per recurring task, whatever the number of instances that register it.
    uniqueIndex('jobs_recurring_idx').on(t.kind).where(sql`${t.everyMs} is not null`),
  ],
);
