import type { JobKind, RecurringKind } from '@axle/contract';
import type { Db } from '../../db/client.ts';
import { databaseUnreachable } from '../../db/errors.ts';
import {
  type ClaimedJob,
  claimDueJobs,
  completeJob,
  failJob,
  type JobPayloads,
  registerRecurring,
} from './jobs.service.ts';

/** What the shop does for each kind of job; a handler that throws has the job tried again. */
export type JobHandlers = { [K in JobKind]: (payload: JobPayloads[K]) => Promise<void> };

export type JobRunnerOptions = {
  db: Db;
  handlers: JobHandlers;
  log: {
    info: (message: string) => void;
    warn: (details: object, message: string) => void;
    error: (details: object, message: string) => void;
  };
  /** How often an idle instance asks for due jobs; 0: never by itself (tests call `drain`). */
  pollMs: number;
  /** How long a claimed job is this instance's: past it, another instance may run it again. */
  leaseMs?: number;
  /** Tries before a job is dead. */
  maxAttempts?: number;
  /** The wait before the second try; it doubles with each failure, up to `maxRetryInMs`. */
  retryInMs?: number;
  maxRetryInMs?: number;
  /** Jobs claimed (and run side by side) at a time. */
  batch?: number;
  /** The recurring tasks this instance registers at start, with their periods. */
  recurring?: Partial<Record<RecurringKind, number>>;
};

export type JobRunner = {
  /**
   * Registers the recurring tasks and, with a `pollMs`, starts asking for due jobs. Resolves once
   * the tasks are registered.
   */
  start(): Promise<void>;
  /**
   * Something was queued (a notification of a committed job, or an admin's retry): a started
   * worker runs what is due now rather than at its next poll. Kicks close together share one pass.
   */
  kick(): void;
  /** Runs every job due now, and any that become due meanwhile, then resolves with how many ran. */
  drain(): Promise<number>;
  /** Stops asking for jobs and waits for the jobs running now. */
  stop(): Promise<void>;
};

/**
 * The one worker of the durable queue (ADR 020): every instance runs one; each due job is claimed
 * by one of them, run by its handler, and deleted, or tried again later (1 min, 2, 4, … up to an
 * hour between tries by default, 10 tries: about 8 hours of an outage) and then left dead for an
 * admin to send again. Recurring tasks are queued again for their next period instead, and a
 * failed one is tried again within its period.
 */
export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const leaseMs = options.leaseMs ?? 120_000;
  const maxAttempts = options.maxAttempts ?? 10;
  const retryInMs = options.retryInMs ?? 60_000;
  const maxRetryInMs = options.maxRetryInMs ?? 3_600_000;
  const batch = options.batch ?? 10;
  const { db, handlers, log } = options;
  let timer: NodeJS.Timeout | undefined;
  let started = false;
  let stopped = false;
  let kicked = false;
  // One pass at a time: the timer's and a caller's drain run one after the other.
  let chain: Promise<number> = Promise.resolve(0);

  async function run(job: ClaimedJob): Promise<void> {
    try {
      await (handlers[job.kind] as (payload: unknown) => Promise<void>)(job.payload);
      await completeJob(db, job);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const wait = Math.min(
        retryInMs * 2 ** (job.attempts - 1),
        maxRetryInMs,
        job.everyMs ?? Number.POSITIVE_INFINITY,
      );
      const now = await failJob(db, job, message, { maxAttempts, retryInMs: wait });
      log.warn(
        { job: job.id, kind: job.kind, attempt: job.attempts, state: now, err: message },
        now === 'dead' ? 'a job failed its last try' : 'a job failed and will be tried again',
      );
    }
  }

  async function pass(): Promise<number> {
    let ran = 0;
    for (;;) {
      const claimed = await claimDueJobs(db, batch, leaseMs);
      if (claimed.length === 0) return ran;
      await Promise.all(claimed.map(run));
      ran += claimed.length;
      if (stopped) return ran;
    }
  }

  function drain(): Promise<number> {
    chain = chain.then(pass, pass);
    return chain;
  }

  // While the database is away the jobs wait for it, and so does this worker: said once when it
  // goes and once when it is back, not at every poll (issue 34 #3).
  let away = false;
  const passed = () => {
    if (!away) return;
    away = false;
    log.info('the job queue reads the database again');
  };
  const failed = (error: unknown) => {
    if (!databaseUnreachable(error)) log.error({ err: error }, 'the job queue could not be read');
    else if (!away) {
      away = true;
      log.warn({ err: error }, 'the job queue waits for the database, which does not answer');
    }
  };

  async function tick(): Promise<void> {
    await drain().then(passed, failed);
    if (!stopped) timer = setTimeout(tick, options.pollMs).unref();
  }

  return {
    async start() {
      if (started || stopped) return;
      started = true;
      for (const [kind, everyMs] of Object.entries(options.recurring ?? {}))
        await registerRecurring(db, kind as RecurringKind, everyMs);
      if (options.pollMs > 0 && !stopped) timer = setTimeout(tick, 0).unref();
    },
    kick() {
      if (!started || options.pollMs <= 0 || stopped || kicked) return;
      kicked = true;
      setImmediate(() => {
        kicked = false;
        drain().then(passed, failed);
      });
    },
    drain,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await chain.catch(() => 0);
    },
  };
}
