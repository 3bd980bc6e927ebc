import {
  creditNoteNumberText,
  type JobKind,
  type RecurringKind,
  type StuckJob,
  type StuckJobList,
  type StuckJobsQuery,
} from '@axle/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { MailMessage } from '../../adapters/mail/mailer.ts';
import type { Db, Tx } from '../../db/client.ts';
import { Conflict, NotFound } from '../../domain/errors.ts';
import { jobs } from './jobs.table.ts';

// The durable queue's statements (ADR 020). Every clock is the database's, so that instances
// whose clocks disagree still agree on what is due.

/** What each kind of job carries: plain JSON, written with the change that causes it. */
export type JobPayloads = {
  /** An e-mail, made when the change was made (no attachments: they are made by their own job). */
  mail: Omit<MailMessage, 'attachments'>;
  /** A new order's mails (to its customer, and to the owners asked to approve it). */
  'order-placed': { orderId: string };
  /** The payment (or on-account) e-mail with the invoice's PDF, made when it is sent. */
  'invoice-mail': { orderId: string; email: string; number: number };
  /** A credit note's card refund through the payment provider (issue 32 #4), by its number. */
  'core-refund': { creditNote: number };
} & { [K in RecurringKind]: Record<string, never> };

export type Job = { [K in JobKind]: { kind: K; payload: JobPayloads[K] } }[JobKind];

/**
 * A job an instance has claimed: its try number counts this try; `everyMs` is a recurring task's
 * period (null for a job that runs once).
 */
export type ClaimedJob = Job & { id: number; attempts: number; everyMs: number | null };

/** Writes a job in the caller's transaction: it exists if, and only if, the change commits. */
export async function enqueueJob(db: Db | Tx, job: Job): Promise<void> {
  await db.insert(jobs).values({ kind: job.kind, payload: job.payload });
}

/**
 * A job's insert for a statement that writes it as one of its CTEs (the purchase form's one
 * statement): written if, and only if, the whole statement succeeds.
 */
export function jobInsert(db: Db | Tx, kind: JobKind, payload: SQL) {
  return db.insert(jobs).values({ kind, payload }).returning({ id: jobs.id });
}

/** Queues an e-mail in the caller's transaction; the queue sends it once that has committed. */
export function queueMail(db: Db | Tx, message: MailMessage): Promise<void> {
  const { attachments: _none, ...mail } = message;
  return enqueueJob(db, { kind: 'mail', payload: mail });
}

type Rows<T> = { rows: T[] };

/**
 * Makes sure the recurring task `kind` has its one row, run every `everyMs`: every instance
 * registers the tasks it runs at start, and the first one's row is the one all of them claim. A
 * start makes a waiting task due now, so that what a crash left (a payment confirmed but not
 * recorded, an order past its time) is seen to at once; one running on another instance keeps
 * its lease. A period changed by a new release takes effect from then on.
 */
export async function registerRecurring(db: Db, kind: RecurringKind, everyMs: number) {
  await db.execute(sql`
    insert into ${jobs} (kind, payload, every_ms) values (${kind}, '{}'::jsonb, ${everyMs})
      on conflict (kind) where every_ms is not null do update set every_ms = excluded.every_ms,
        run_at = case when ${jobs.state} = 'queued' then least(${jobs.runAt}, now())
          else ${jobs.runAt} end`);
}

/**
 * Claims up to `limit` due jobs for this instance: each is marked running with its lease ending
 * `leaseMs` from now. Rows another instance is claiming at the same moment are skipped, not waited
 * for, so that each job is taken by one instance.
 */
export async function claimDueJobs(db: Db, limit: number, leaseMs: number): Promise<ClaimedJob[]> {
  const result = (await db.execute(sql`
    update ${jobs} set state = 'running', attempts = attempts + 1,
        run_at = now() + make_interval(secs => ${leaseMs / 1000})
      where id in (
        select id from ${jobs} where state <> 'dead' and run_at <= now()
          order by run_at limit ${limit} for update skip locked)
      returning id, kind, payload, attempts, every_ms as "everyMs"`)) as unknown as Rows<{
    id: number | string;
    kind: JobKind;
    payload: never;
    attempts: number;
    everyMs: number | null;
  }>;
  return result.rows.map((row) => ({
    id: Number(row.id),
    kind: row.kind,
    payload: row.payload,
    attempts: row.attempts,
    everyMs: row.everyMs,
  }));
}

/** This instance's claim on the job still holds (its lease has not lapsed and been retaken). */
const stillClaimed = (job: ClaimedJob) =>
  sql`id = ${job.id} and attempts = ${job.attempts} and state = 'running'`;

/**
 * A job went through: it is gone, or, a recurring task, queued for its next period with its
 * failures forgotten.
 */
export async function completeJob(db: Db, job: ClaimedJob): Promise<void> {
  if (job.everyMs === null) {
    await db.execute(sql`delete from ${jobs} where ${stillClaimed(job)}`);
    return;
  }
  await db.execute(sql`
    update ${jobs} set state = 'queued', attempts = 0, last_error = null,
        run_at = now() + make_interval(secs => ${job.everyMs / 1000})
      where ${stillClaimed(job)}`);
}

/**
 * A job failed: queued again after `retryInMs`, or dead after its last try. A recurring task is
 * never dead: it is tried again within its period, and is stuck until a run goes through.
 */
export async function failJob(
  db: Db,
  job: ClaimedJob,
  error: string,
  policy: { maxAttempts: number; retryInMs: number },
): Promise<'retrying' | 'dead'> {
  const dead = job.everyMs === null && job.attempts >= policy.maxAttempts;
  await db.execute(sql`
    update ${jobs} set state = ${dead ? 'dead' : 'queued'}, last_error = ${error.slice(0, 1000)},
        run_at = now() + make_interval(secs => ${dead ? 0 : policy.retryInMs / 1000})
      where ${stillClaimed(job)}`);
  return dead ? 'dead' : 'retrying';
}

/** The recurring tasks in people's words. */
const recurringAbout: Record<RecurringKind, string> = {
  'expire-unpaid-orders': 'Cancelling orders left unpaid too long, returning their stock',
  'reconcile-payments': 'Checking card payments the shop has not heard back about',
  'deliver-webhooks': "Sending webhook events to customers' systems",
  'prune-webhooks': 'Deleting webhook history older than a month',
  'purge-idempotency-keys': 'Deleting retry keys older than a day',
  'mail-low-stock': 'Mailing the admins the parts that fell below their reorder point',
};

/** A job in people's words, for the admin's list. */
function about(job: Job): string {
  if (job.kind === 'mail') return `E-mail to ${job.payload.to}: ${job.payload.subject}`;
  if (job.kind === 'order-placed') return `The e-mails of a new order (${job.payload.orderId})`;
  if (job.kind === 'invoice-mail')
    return `Invoice e-mail for order ${job.payload.number} to ${job.payload.email}`;
  if (job.kind === 'core-refund')
    return `Card refund of credit note ${creditNoteNumberText(job.payload.creditNote)}`;
  return recurringAbout[job.kind];
}

type StuckRow = {
  id: number | string;
  kind: JobKind;
  payload: never;
  state: 'queued' | 'running' | 'dead';
  attempts: number;
  lastError: string | null;
  runAt: string | Date;
  createdAt: string | Date;
};

const iso = (at: string | Date) => new Date(at).toISOString();

/** The columns a `StuckRow` is read from. */
const stuckColumns = sql`id, kind, payload, state, attempts, last_error as "lastError",
  run_at as "runAt", created_at as "createdAt"`;

function stuckJob(row: StuckRow): StuckJob {
  const dead = row.state === 'dead';
  return {
    _id: Number(row.id),
    kind: row.kind,
    about: about({ kind: row.kind, payload: row.payload }),
    state: dead ? 'dead' : 'retrying',
    attempts: row.attempts,
    lastError: row.lastError,
    nextTryAt: dead ? null : iso(row.runAt),
    createdAt: iso(row.createdAt),
  };
}

/** Failed at least once (retrying, or running a retry) or dead: what the partial index holds. */
const stuck = sql`last_error is not null`;
const stateFilter = {
  dead: sql`state = 'dead'`,
  retrying: sql`state <> 'dead'`,
} as const;

/** The jobs that did not go through, newest first, and how many are retrying and dead. */
export async function listStuckJobs(db: Db, query: StuckJobsQuery): Promise<StuckJobList> {
  const only = query.state ? sql`and ${stateFilter[query.state]}` : sql``;
  const [list, counts] = await Promise.all([
    db.execute(sql`
      select ${stuckColumns} from ${jobs} where ${stuck} ${only}
        order by created_at desc, id desc limit ${query.limit ?? 50}`),
    db.execute(sql`
      select count(*) filter (where state = 'dead')::int as dead,
          count(*) filter (where state <> 'dead')::int as retrying
        from ${jobs} where ${stuck}`),
  ]);
  const count = (counts as unknown as Rows<{ dead: number; retrying: number }>).rows[0];
  return {
    jobs: (list as unknown as Rows<StuckRow>).rows.map(stuckJob),
    counts: { dead: Number(count?.dead ?? 0), retrying: Number(count?.retrying ?? 0) },
  };
}

/**
 * An admin sends a stuck job again: it is due now with all its tries again. A job running right
 * now, or gone because it went through, is not touched.
 */
export async function retryJob(db: Db, id: number): Promise<StuckJob> {
  const result = (await db.execute(sql`
    update ${jobs} set state = 'queued', attempts = 0, run_at = now()
      where id = ${id} and ${stuck} and state <> 'running'
      returning ${stuckColumns}`)) as unknown as Rows<StuckRow>;
  const row = result.rows[0];
  if (row) return stuckJob(row);
  const [exists] = await db.select({ id: jobs.id }).from(jobs).where(sql`id = ${id}`);
  if (!exists) throw new NotFound('This job is no longer waiting: it went through.');
  throw new Conflict('This job is being sent right now.');
}

/** How late a due job may be before the queue counts as behind (health, issue 34 #1). */
const LATE_AFTER = '5 minutes';

/**
 * The queue as health reports it: `late` while a job due more than five minutes ago still waits
 * (no worker is keeping up); mail `retrying` while a mail that failed is tried again, `failed`
 * while one gave up (an admin sends it again from Mail and jobs).
 */
export async function queueHealth(
  db: Db,
): Promise<{ queue: 'ok' | 'late'; mail: 'ok' | 'retrying' | 'failed' }> {
  const result = (await db.execute(sql`
    select
      exists (select 1 from ${jobs} where state <> 'dead'
        and run_at < now() - ${LATE_AFTER}::interval) as late,
      exists (select 1 from ${jobs} where state = 'dead' and kind = 'mail') as failed,
      exists (select 1 from ${jobs} where state <> 'dead' and kind = 'mail'
        and attempts > 0) as retrying`)) as unknown as Rows<{
    late: boolean;
    failed: boolean;
    retrying: boolean;
  }>;
  const row = result.rows[0];
  return {
    queue: row?.late ? 'late' : 'ok',
    mail: row?.failed ? 'failed' : row?.retrying ? 'retrying' : 'ok',
  };
}
