// The durable queue (issue 31 #2, ADR 020): mail written with the change that causes it, sent
// after the commit by one instance, retried with backoff and then left dead for an admin.
import type { AddressInfo } from 'node:net';
import { stuckJob, stuckJobList } from '@axle/contract';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Customer, signInAdmin, signUp } from '../../../test/customers.ts';
import { createTestApp } from '../../../test/test-app.ts';
import type { MailMessage } from '../../adapters/mail/mailer.ts';
import { createSmtpMailer } from '../../adapters/mail/smtp-mailer.ts';
import { parts } from '../catalog/catalog.table.ts';
import { orders } from '../orders/orders.table.ts';
import { listStuckJobs, queueMail } from './jobs.service.ts';
import { jobs } from './jobs.table.ts';
import { createJobRunner, type JobHandlers } from './jobs.worker.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let alice: Customer;
let admin: Customer;
let partId: string;

const shipping = {
  quantity: 100,
  tel: '01712345678',
  country: 'Bangladesh',
  city: 'Dhaka',
  address: '12 Station Road',
};

const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const mail = (to: string, subject = 'Hello'): MailMessage => ({
  to,
  subject,
  text: `Hi ${to}`,
  html: `<p>Hi ${to}</p>`,
});
const jobRows = () => t.db.select().from(jobs);
const sentTo = (to: string) => t.mail.filter((message) => message.to === to);

const nothing = async () => {};
/** Handlers that do nothing, for a worker that runs one kind of job of a test's own. */
const idleHandlers: JobHandlers = {
  mail: nothing,
  'order-placed': nothing,
  'invoice-mail': nothing,
  'core-refund': nothing,
  'expire-unpaid-orders': nothing,
  'reconcile-payments': nothing,
  'deliver-webhooks': nothing,
  'prune-webhooks': nothing,
  'purge-idempotency-keys': nothing,
  'mail-low-stock': nothing,
};

/** Another instance's worker on the test's database, whose mail handler is `send`. */
function runner(send: (message: MailMessage) => Promise<void>, policy = {}, db = t.db) {
  const handlers: JobHandlers = { ...idleHandlers, mail: send };
  return createJobRunner({ db, handlers, log: quiet, pollMs: 0, ...policy });
}

beforeAll(async () => {
  t = await createTestApp();
  alice = await signUp(t.app, 'alice');
  admin = await signInAdmin(t.app, t.db);
  const [part] = await t.db
    .insert(parts)
    .values({
      name: 'Brake Pad Set',
      description: 'Front pads',
      img: '/images/parts/brake-pads.svg',
      availableQuantity: 150,
      minimumQuantity: 100,
      priceCents: 1850,
    })
    .returning();
  partId = part?.id ?? '';
});
afterAll(() => t.close());
afterEach(async () => {
  await t.db.delete(jobs);
});

describe('a job is written with the change that causes it', () => {
  it('an order and its mail are one: a refused order queues nothing, a placed one is mailed once', async () => {
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: alice.headers,
      payload: { partsId: partId, ...shipping, quantity: 1000 },
    });
    expect(refused.statusCode).toBe(400);
    expect(await jobRows()).toEqual([]);

    const before = sentTo(alice.email).length;
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: alice.headers,
      payload: { partsId: partId, ...shipping },
    });
    expect(placed.statusCode).toBe(201);
    const placedMails = sentTo(alice.email).slice(before);
    expect(placedMails.map((message) => message.subject)).toEqual([
      `Your order ${placed.json().order.number} is placed`,
    ]);
    // Sent, so gone from the queue.
    expect(await jobRows()).toEqual([]);
  });

  it('a transaction that rolls back takes its mail with it', async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await queueMail(tx, mail('rolled@back.test'));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await jobRows()).toEqual([]);
    await t.app.jobs.drain();
    expect(sentTo('rolled@back.test')).toEqual([]);
  });

  it('a mail committed before a crash is sent by the next start', async () => {
    // The instance that committed it died before its worker ran: nothing sent, the job waits.
    await queueMail(t.db, mail('after@restart.test'));
    const [waiting] = await jobRows();
    expect(waiting).toMatchObject({ kind: 'mail', state: 'queued', attempts: 0 });

    const sent: MailMessage[] = [];
    const restarted = runner(async (message) => void sent.push(message));
    expect(await restarted.drain()).toBe(1);
    expect(sent.map((message) => message.to)).toEqual(['after@restart.test']);
    expect(await jobRows()).toEqual([]);
    await restarted.stop();
  });

  it('a job whose worker died mid-send is taken again once its lease ends, not before', async () => {
    await queueMail(t.db, mail('lease@ended.test'));
    const sent: MailMessage[] = [];
    // The first worker claims it and never finishes (its process is gone).
    const dying = runner(() => new Promise<void>(() => {}), { leaseMs: 200 });
    void dying.drain();
    await expect.poll(async () => (await jobRows())[0]?.state).toBe('running');
    const other = runner(async (message) => void sent.push(message));
    expect(await other.drain()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await other.drain()).toBe(1);
    expect(sent.map((message) => message.to)).toEqual(['lease@ended.test']);
  });
});

describe('several instances', () => {
  it('two workers on one database send each mail once', async () => {
    const addresses = Array.from({ length: 30 }, (_, i) => `fleet${i}@garage.test`);
    for (const to of addresses) await queueMail(t.db, mail(to));
    const sent: string[] = [];
    const slowly = async (message: MailMessage) => {
      await new Promise((resolve) => setTimeout(resolve, 2));
      sent.push(message.to);
    };
    const [one, two] = [runner(slowly, { batch: 3 }), runner(slowly, { batch: 3 })];
    const [ranOne, ranTwo] = await Promise.all([one.drain(), two.drain()]);
    expect(ranOne + ranTwo).toBe(30);
    expect(sent.toSorted()).toEqual(addresses.toSorted());
    expect(await jobRows()).toEqual([]);
  });
});

describe('a mail server that refuses', () => {
  let refusing = true;
  const received: string[] = [];
  let server: SMTPServer;
  let shop: Awaited<ReturnType<typeof createTestApp>>;
  let smtp: ReturnType<typeof createSmtpMailer>;
  let shopAdmin: Customer;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (!refusing) {
          received.push(address.address);
          return callback();
        }
        callback(Object.assign(new Error('Mailbox unavailable, try later'), { responseCode: 451 }));
      },
      onData(stream, _session, callback) {
        stream.resume();
        stream.on('end', () => callback());
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    smtp = createSmtpMailer({ url: `smtp://127.0.0.1:${port}`, from: 'shop@axle.test' });
    // A shop that sends through it (its worker runs after each call, as in every API test).
    shop = await createTestApp({ mailer: smtp });
    shopAdmin = await signInAdmin(shop.app, shop.db);
  });
  afterAll(async () => {
    await shop.close();
    await smtp.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const stuckList = async (query = '') =>
    stuckJobList.parse(
      (
        await shop.app.inject({
          method: 'GET',
          url: `/api/admin/jobs${query}`,
          headers: shopAdmin.headers,
        })
      ).json(),
    );

  it('is tried again later, then the job is dead; an admin sees why and sends it again', async () => {
    await queueMail(shop.db, mail('patient@garage.test', 'Your order 10001 has shipped'));

    // The first try fails: the job waits a minute for its next one, and nothing runs before.
    expect(await shop.app.jobs.drain()).toBe(1);
    const [retrying] = await shop.db.select().from(jobs);
    expect(retrying).toMatchObject({ state: 'queued', attempts: 1 });
    expect(retrying?.lastError).toMatch(/Mailbox unavailable/);
    expect(retrying?.runAt.getTime()).toBeGreaterThan(Date.now() + 50_000);
    expect(await shop.app.jobs.drain()).toBe(0);

    const first = await stuckList();
    expect(first.counts).toEqual({ retrying: 1, dead: 0 });
    expect(first.jobs[0]).toMatchObject({
      kind: 'mail',
      about: 'E-mail to patient@garage.test: Your order 10001 has shipped',
      state: 'retrying',
      attempts: 1,
    });
    expect(first.jobs[0]?.lastError).toMatch(/Mailbox unavailable/);
    expect(Date.parse(first.jobs[0]?.nextTryAt ?? '')).toBeGreaterThan(Date.now() + 50_000);

    // Its next tries, with no wait between them (an instance with a shorter policy): after the
    // third the job is dead and waits for an admin.
    await shop.db.update(jobs).set({ runAt: new Date(0) });
    const noWait = runner(
      (message) => smtp.send(message),
      { maxAttempts: 3, retryInMs: 0 },
      shop.db,
    );
    expect(await noWait.drain()).toBe(2);
    const dead = await stuckList('?state=dead');
    expect(dead.counts).toEqual({ retrying: 0, dead: 1 });
    expect(dead.jobs[0]).toMatchObject({ state: 'dead', attempts: 3, nextTryAt: null });
    expect(await shop.app.jobs.drain()).toBe(0);
    expect(received).toEqual([]);

    // The server is back; the admin sends it again, and it goes out once.
    refusing = false;
    const id = dead.jobs[0]?._id;
    const retried = await shop.app.inject({
      method: 'POST',
      url: `/api/admin/jobs/${id}/retry`,
      headers: shopAdmin.headers,
    });
    expect(retried.statusCode).toBe(200);
    expect(stuckJob.parse(retried.json())).toMatchObject({ state: 'retrying', attempts: 0 });
    expect(received).toEqual(['patient@garage.test']);
    expect(await listStuckJobs(shop.db, {})).toEqual({
      jobs: [],
      counts: { retrying: 0, dead: 0 },
    });

    // Gone: sending it again is a clear 404.
    const gone = await shop.app.inject({
      method: 'POST',
      url: `/api/admin/jobs/${id}/retry`,
      headers: shopAdmin.headers,
    });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.message).toMatch(/went through/);
  });
});

describe("the admin's list", () => {
  it('is for admins only', async () => {
    await queueMail(t.db, mail('private@garage.test'));
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/admin/jobs' });
    expect(anonymous.statusCode).toBe(401);
    const customer = await t.app.inject({
      method: 'GET',
      url: '/api/admin/jobs',
      headers: alice.headers,
    });
    expect(customer.statusCode).toBe(403);
    const retry = await t.app.inject({
      method: 'POST',
      url: '/api/admin/jobs/1/retry',
      headers: alice.headers,
    });
    expect(retry.statusCode).toBe(403);
  });

  it('does not send again a job that is running', async () => {
    await queueMail(t.db, mail('busy@garage.test'));
    // Another instance is sending it now: its lease ends in a minute.
    await t.db.update(jobs).set({
      state: 'running',
      attempts: 2,
      lastError: 'Greeting never received',
      runAt: new Date(Date.now() + 60_000),
    });
    const [row] = await jobRows();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/jobs/${row?.id}/retry`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(409);
    const [still] = await t.db
      .select()
      .from(jobs)
      .where(eq(jobs.id, row?.id ?? 0));
    expect(still).toMatchObject({ state: 'running', attempts: 2 });
  });
});

describe('recurring tasks', () => {
  /** An instance's worker that runs the recurring task `deliver-webhooks` with `task`. */
  function recurringRunner(task: () => Promise<void>, everyMs = 60_000) {
    return createJobRunner({
      db: t.db,
      log: quiet,
      pollMs: 0,
      retryInMs: 1_000,
      recurring: { 'deliver-webhooks': everyMs },
      handlers: { ...idleHandlers, 'deliver-webhooks': task },
    });
  }

  it('run once a period however many instances register them, and are kept for the next period', async () => {
    let runs = 0;
    const task = async () => {
      runs += 1;
    };
    const first = recurringRunner(task);
    const second = recurringRunner(task);
    await Promise.all([first.start(), second.start()]);
    expect(await jobRows()).toHaveLength(1);
    // Both instances ask at once: one of them runs it.
    await Promise.all([first.drain(), second.drain()]);
    expect(runs).toBe(1);
    const [row] = await jobRows();
    expect(row).toMatchObject({ kind: 'deliver-webhooks', state: 'queued', attempts: 0 });
    const due = (row?.runAt.getTime() ?? 0) - Date.now();
    expect(due).toBeGreaterThan(50_000);
    expect(due).toBeLessThanOrEqual(60_000);
    // Not due again before its period is over.
    expect(await first.drain()).toBe(0);
    // A restart registers it again without a second row, runs it once at start (what a crash
    // left is seen to at once), and then keeps the new period.
    const restarted = recurringRunner(task, 30_000);
    await restarted.start();
    expect(await jobRows()).toHaveLength(1);
    expect(await restarted.drain()).toBe(1);
    expect(runs).toBe(2);
    const [again] = await jobRows();
    expect(again?.everyMs).toBe(30_000);
    expect((again?.runAt.getTime() ?? 0) - Date.now()).toBeLessThanOrEqual(30_000);
    // While one instance runs it, another's start does not make it due again.
    await t.db.update(jobs).set({ state: 'running', runAt: new Date(Date.now() + 60_000) });
    await recurringRunner(task).start();
    expect(await jobRows()).toMatchObject([{ state: 'running' }]);
    expect(await first.drain()).toBe(0);
  });

  it('that fail are tried again within their period, never dead, and show as stuck until one goes through', async () => {
    let failing = true;
    const worker = recurringRunner(async () => {
      if (failing) throw new Error('connect ECONNREFUSED 10.0.0.9:443');
    });
    await worker.start();
    for (let attempt = 1; attempt <= 12; attempt++) {
      await t.db.update(jobs).set({ runAt: new Date(Date.now() - 1000) });
      expect(await worker.drain()).toBe(1);
    }
    const [row] = await jobRows();
    expect(row).toMatchObject({ state: 'queued', attempts: 12 });
    // The retry waits no longer than the period (a minute here), however many tries failed.
    expect((row?.runAt.getTime() ?? 0) - Date.now()).toBeLessThanOrEqual(60_000);
    const stuck = await listStuckJobs(t.db, {});
    expect(stuck.counts).toEqual({ retrying: 1, dead: 0 });
    expect(stuck.jobs[0]).toMatchObject({
      kind: 'deliver-webhooks',
      about: "Sending webhook events to customers' systems",
      lastError: 'connect ECONNREFUSED 10.0.0.9:443',
    });
    failing = false;
    await t.db.update(jobs).set({ runAt: new Date(Date.now() - 1000) });
    expect(await worker.drain()).toBe(1);
    expect((await listStuckJobs(t.db, {})).counts).toEqual({ retrying: 0, dead: 0 });
    expect(await jobRows()).toMatchObject([{ state: 'queued', attempts: 0, lastError: null }]);
  });

  it("the shop's own: an unpaid order past its time is cancelled by the queue's task", async () => {
    let clock = new Date();
    const shop = await createTestApp({
      now: () => clock,
      orderLimits: { unpaidPerCustomer: 5, unpaidHours: 24 },
      jobs: { recurring: { 'expire-unpaid-orders': 5 * 60_000 } },
    });
    try {
      const buyer = await signUp(shop.app, 'expiring');
      const [part] = await shop.db
        .insert(parts)
        .values({
          name: 'Oil Filter',
          description: 'Spin-on',
          img: '/images/parts/oil-filter.svg',
          availableQuantity: 10,
          minimumQuantity: 1,
          priceCents: 900,
        })
        .returning();
      const placed = await shop.app.inject({
        method: 'POST',
        url: '/api/order',
        headers: buyer.headers,
        payload: { partsId: part?.id, ...shipping, quantity: 4 },
      });
      expect(placed.statusCode).toBe(201);
      const orderId = placed.json().insertedId;
      await shop.app.jobs.start();
      clock = new Date(Date.now() + 25 * 3_600_000);
      await shop.app.jobs.drain();
      const [order] = await shop.db.select().from(orders).where(eq(orders.id, orderId));
      expect(order?.cancelledAt).toBeInstanceOf(Date);
      const [left] = await shop.db
        .select()
        .from(parts)
        .where(eq(parts.id, part?.id ?? ''));
      expect(left?.availableQuantity).toBe(10);
    } finally {
      await shop.close();
    }
  });
});
