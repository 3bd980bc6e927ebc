// Issue 34 #3, its last sentence: the queue resumes where it was across a PostgreSQL restart or
// failover. One worker, never restarted, reaches the database through a fault proxy that refuses
// (the server is down) or hangs (a partition, a frozen host); another instance keeps queueing on a
// connection of its own. Nothing crashes the process, the worker says once that the database is
// away and once that it is back (not at every poll), and once it is back every job queued before
// and during the outage runs exactly once within seconds. The
// job that was running when the connection went is run again once its lease ends: its end could
// not be written, so it is sent at least once (ADR 020), never lost.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FaultProxy, postgresFaultProxy } from '../../../test/fault-proxy.ts';
import { openTestDatabase, testDatabaseKind } from '../../../test/test-app.ts';
import type { MailMessage } from '../../adapters/mail/mailer.ts';
import { type Database, openPostgresDatabase } from '../../db/client.ts';
import { databaseUnreachable } from '../../db/errors.ts';
import { queueMail } from './jobs.service.ts';
import { jobs } from './jobs.table.ts';
import { createJobRunner, type JobHandlers, type JobRunner } from './jobs.worker.ts';

const LEASE_MS = 2_500;
const POLL_MS = 200;

const nothing = async () => {};
const mail = (to: string): MailMessage => ({ to, subject: 'Hello', text: 'Hi', html: '<p>Hi</p>' });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function deferred() {
  let resolve = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

type Logged = { level: 'info' | 'warn' | 'error'; details: { err?: unknown }; message: string };
const WAITS = 'the job queue waits for the database, which does not answer';
const BACK = 'the job queue reads the database again';

describe.skipIf(testDatabaseKind !== 'postgres')('the queue across PostgreSQL going away', () => {
  let direct: Awaited<ReturnType<typeof openTestDatabase>>;
  let proxy: FaultProxy;
  let through: Database;
  let worker: JobRunner;
  const logged: Logged[] = [];
  const crashes: unknown[] = [];
  /** What the worker said of the queue (the pool's own lines left out). */
  const queueLines = () =>
    logged
      .filter((entry) => entry.message.startsWith('the job queue'))
      .map(({ level, message }) => ({ level, message }));
  const onCrash = (error: unknown) => void crashes.push(error);
  /** Each mail's sends that went through (the handler ran to its end), by address. */
  const sent = new Map<string, number>();
  /** The send that is held until the test lets it go, so that it runs while the database goes. */
  let held: { to: string; started: ReturnType<typeof deferred>; go: ReturnType<typeof deferred> };
  const sweeps: number[] = [];

  const send = async (message: MailMessage) => {
    if (held?.to === message.to && !sent.has(message.to)) {
      held.started.resolve();
      await held.go.promise;
    }
    sent.set(message.to, (sent.get(message.to) ?? 0) + 1);
  };
  const queue = async (addresses: string[]) => {
    // Another instance, on its own connection.
    for (const to of addresses) await queueMail(direct.db, mail(to));
  };
  /** Starts a send that is held, and resolves once the worker is in the middle of it. */
  const holdSend = async (to: string) => {
    held = { to, started: deferred(), go: deferred() };
    await queue([to]);
    await held.started.promise;
  };
  const waitingRows = () => direct.db.select().from(jobs);

  beforeAll(async () => {
    process.on('unhandledRejection', onCrash);
    process.on('uncaughtException', onCrash);
    direct = await openTestDatabase();
    const proxied = await postgresFaultProxy(direct.url ?? '');
    proxy = proxied.proxy;
    const log = {
      info: (message: string) => void logged.push({ level: 'info', details: {}, message }),
      warn: (details: object, message: string) =>
        void logged.push({ level: 'warn', details, message }),
      error: (details: object, message: string) =>
        void logged.push({ level: 'error', details, message }),
    };
    through = openPostgresDatabase(proxied.url, { max: 2, log });
    const handlers: JobHandlers = {
      mail: send,
      'order-placed': nothing,
      'invoice-mail': nothing,
      'core-refund': nothing,
      'expire-unpaid-orders': nothing,
      'reconcile-payments': nothing,
      'deliver-webhooks': async () => void sweeps.push(Date.now()),
      'prune-webhooks': nothing,
      'purge-idempotency-keys': nothing,
      'mail-low-stock': nothing,
    };
    worker = createJobRunner({
      db: through.db,
      handlers,
      log,
      pollMs: POLL_MS,
      leaseMs: LEASE_MS,
      retryInMs: 500,
      recurring: { 'deliver-webhooks': 1_000 },
    });
    await worker.start();
  });
  afterAll(async () => {
    held?.go.resolve();
    await worker?.stop();
    await through?.close().catch(() => undefined);
    await proxy?.close();
    await direct?.dispose();
    process.off('unhandledRejection', onCrash);
    process.off('uncaughtException', onCrash);
  });

  /**
   * Everything in `addresses` was sent once, `twice` twice (its first send ended while the
   * database was away), and the queue holds nothing but its recurring task, waiting for its
   * next period: all within `withinMs` of `back`.
   */
  async function allSent(addresses: string[], twice: string, back: number, withinMs: number) {
    await expect
      .poll(() => [...addresses, twice].every((to) => sent.has(to)) && sent.get(twice) === 2, {
        timeout: withinMs,
        interval: 50,
      })
      .toBe(true);
    expect(Date.now() - back).toBeLessThan(withinMs);
    for (const to of addresses) expect(sent.get(to), to).toBe(1);
    // The sweep ran again since the database came back, and keeps its one row.
    await expect.poll(() => sweeps.some((at) => at > back), { timeout: 3_000 }).toBe(true);
    await expect
      .poll(async () => (await waitingRows()).filter((row) => row.everyMs === null), {
        timeout: 2_000,
      })
      .toEqual([]);
    expect((await waitingRows()).filter((row) => row.kind === 'deliver-webhooks')).toHaveLength(1);
    // Nothing more: a job that went through is not run again later.
    await sleep(500);
    for (const to of addresses) expect(sent.get(to), to).toBe(1);
    expect(sent.get(twice)).toBe(2);
  }

  it('a server that refuses: the worker waits, logs it, and runs everything once it is back', async () => {
    await expect.poll(() => sweeps.length).toBeGreaterThan(0);
    await holdSend('held@refused.test');
    // Queued while the worker is busy: they wait for its next claim.
    const before = ['before1@refused.test', 'before2@refused.test', 'before3@refused.test'];
    await queue(before);

    proxy.set('refuse');
    // The held send ends now: the worker cannot write that it went through.
    held.go.resolve();
    const during = ['during1@refused.test', 'during2@refused.test', 'during3@refused.test'];
    await queue(during);
    await sleep(1_200);
    expect([...before, ...during].some((to) => sent.has(to))).toBe(false);
    // The held send's job is still claimed (its end could not be written); the others wait.
    const rows = await waitingRows();
    const stateOf = (to: string) =>
      rows.find((row) => (row.payload as { to?: string }).to === to)?.state;
    expect(stateOf('held@refused.test')).toBe('running');
    for (const to of [...before, ...during]) expect(stateOf(to), to).toBe('queued');
    // A poll every POLL_MS fails, none crashing, and the outage is said once (not at each poll).
    expect(queueLines()).toEqual([{ level: 'warn', message: WAITS }]);
    expect(logged.filter((entry) => entry.level === 'error')).toEqual([]);
    const waits = logged.find((entry) => entry.message === WAITS);
    expect(databaseUnreachable(waits?.details.err), String(waits?.details.err)).toBe(true);
    expect(crashes).toEqual([]);

    proxy.set('pass');
    const back = Date.now();
    await allSent([...before, ...during], 'held@refused.test', back, 4_000);
    // And its end once.
    expect(queueLines()).toEqual([
      { level: 'warn', message: WAITS },
      { level: 'info', message: BACK },
    ]);
    expect(crashes).toEqual([]);
  });

  it('a server that hangs: its silence is cut, and the same worker runs everything once it is back', async () => {
    const linesBefore = queueLines().length;
    await holdSend('held@hung.test');
    const before = ['before1@hung.test', 'before2@hung.test'];
    await queue(before);

    proxy.set('hang');
    const hungAt = Date.now();
    held.go.resolve();
    const during = ['during1@hung.test', 'during2@hung.test'];
    await queue(during);
    // Each of the worker's queries is cut about two seconds into the silence (the end of the held
    // send, then the note that it failed, on the pool's other connection), and the pass is logged.
    await expect
      .poll(() => queueLines().slice(linesBefore), { timeout: 6_000 })
      .toEqual([{ level: 'warn', message: WAITS }]);
    expect(Date.now() - hungAt).toBeLessThan(6_000);
    expect([...before, ...during].some((to) => sent.has(to))).toBe(false);

    // Connections held mid-reply are cut rather than resumed out of step, then it is back.
    proxy.set('refuse');
    proxy.set('pass');
    const back = Date.now();
    await allSent([...before, ...during], 'held@hung.test', back, 4_000);
    expect(queueLines().slice(linesBefore)).toEqual([
      { level: 'warn', message: WAITS },
      { level: 'info', message: BACK },
    ]);
    expect(logged.filter((entry) => entry.level === 'error')).toEqual([]);
    expect(crashes).toEqual([]);
  });
});
