// Issue 19 #4: outgoing webhooks. A customer adds an endpoint for order events; every event is
// written to the outbox in the same transaction as the order's change, then POSTed at least once,
// signed `Axle-Signature: t=…,v1=…`, retried with back-off, one at a time per endpoint, also after
// a restart. The shop never calls private, loopback or link-local addresses (SSRF), whether named
// directly, through a name resolving to them, or by a redirect.
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createdWebhook,
  webhookDeliveryList,
  webhookEndpointList,
  webhookPayload,
} from '@axle/contract';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type CompanyCalls, companyCalls, dock } from '../../../test/companies.ts';
import { type Customer, signInAdmin, signUp } from '../../../test/customers.ts';
import {
  addPart,
  createSecurityTestApp,
  expectError,
  NO_ID,
  payInSandbox,
  type TestApp,
} from '../../../test/security/support.ts';
import { createTestApp, TEST_PUBLIC_URL } from '../../../test/test-app.ts';
import { buildApp } from '../../app.ts';
import type { WebhookNetwork } from './webhook-addresses.service.ts';
import {
  DEFAULT_KEEP_MS,
  deliverDueWebhooks,
  pruneWebhookHistory,
  type WebhookSender,
} from './webhook-delivery.service.ts';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from './webhooks.table.ts';

type Received = { headers: IncomingHttpHeaders; body: string; at: number };

/** A local endpoint: records every request; answers with the next of `answers` (then 200). */
async function receiver() {
  const received: Received[] = [];
  const answers: Array<{ status: number; location?: string; delayMs?: number }> = [];
  let inFlight = 0;
  let mostInFlight = 0;
  const server: Server = createServer((request, response) => {
    inFlight += 1;
    mostInFlight = Math.max(mostInFlight, inFlight);
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', async () => {
      received.push({ headers: request.headers, body, at: Date.now() });
      const answer = answers.shift() ?? { status: 200 };
      if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
      inFlight -= 1;
      response.writeHead(answer.status, answer.location ? { location: answer.location } : {});
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    answers,
    mostInFlight: () => mostInFlight,
    events: () => received.map((r) => webhookPayload.parse(JSON.parse(r.body))),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
type Receiver = Awaited<ReturnType<typeof receiver>>;

/** Checks a delivery's signature as a receiver would: HMAC-SHA256 of "{t}.{body}", t recent. */
function verifySignature(secret: string, received: Received): boolean {
  const header = String(received.headers['axle-signature'] ?? '');
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
  if (!match) return false;
  const [, t, v1] = match;
  const expected = createHmac('sha256', secret).update(`${t}.${received.body}`).digest('hex');
  return expected === v1 && Math.abs(Date.now() / 1000 - Number(t)) < 300;
}

const fastRetry = { firstMs: 20, maxMs: 80, giveUpAfterMs: 60_000 };
const openNetwork: WebhookNetwork = { allowPrivate: true, resolve: async () => [] };
const quietLog = { warn: () => {}, error: () => {} };

let t: TestApp;
let calls: CompanyCalls;
let owner: Customer;
let rival: Customer;
let pads: string;
let hooks: Receiver;
const sender = (): WebhookSender => ({
  db: t.db,
  network: openNetwork,
  retry: fastRetry,
  keepMs: DEFAULT_KEEP_MS,
  timeoutMs: 2_000,
  log: quietLog,
});

async function addWebhook(who: Customer, url: string, events: string[]) {
  const res = await calls.call(who, 'POST', '/api/webhooks', { url, events });
  expect(res.statusCode, res.body).toBe(201);
  return createdWebhook.parse(res.json());
}

async function checkout(who: Customer) {
  return (await calls.checkout(who, pads, 20))._id;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  t = await createSecurityTestApp({ webhooks: { allowPrivate: true } });
  calls = companyCalls(t);
  [owner, rival] = [await signUp(t.app, 'owner'), await signUp(t.app, 'rival')];
  pads = await addPart(t, { name: 'Brake Pad Set', minimumQuantity: 10, priceCents: 425 });
  for (const who of [owner, rival]) await calls.ok(who, 'POST', '/api/addresses', dock, 201);
});
afterAll(() => t.close());
afterEach(async () => {
  await hooks?.close();
  await t.db.delete(webhookEndpoints);
  await t.db.delete(webhookEvents);
});

describe('endpoints', () => {
  it('answers the secret once and lists endpoints without it; others cannot reach them', async () => {
    hooks = await receiver();
    const { id, secret } = await addWebhook(owner, hooks.url, ['order.placed', 'order.paid']);
    expect(secret).toMatch(/^whsec_/);
    const listed = await calls.call(owner, 'GET', '/api/webhooks');
    expect(listed.body).not.toContain(secret);
    expect(webhookEndpointList.parse(listed.json())).toEqual([
      expect.objectContaining({
        id,
        url: hooks.url,
        events: ['order.placed', 'order.paid'],
        pending: 0,
      }),
    ]);
    expect(webhookEndpointList.parse(await calls.ok(rival, 'GET', '/api/webhooks'))).toEqual([]);
    expectError(await calls.call(rival, 'GET', `/api/webhooks/${id}/deliveries`), 404);
    expectError(await calls.call(rival, 'DELETE', `/api/webhooks/${id}`), 404);
    expectError(await calls.call(null, 'GET', '/api/webhooks'), 401);
    const admin = await signInAdmin(t.app, t.db);
    expectError(
      await calls.call(admin, 'POST', '/api/webhooks', { url: hooks.url, events: ['order.paid'] }),
      403,
    );
    expect((await calls.call(owner, 'DELETE', `/api/webhooks/${id}`)).statusCode).toBe(204);
    expect(webhookEndpointList.parse(await calls.ok(owner, 'GET', '/api/webhooks'))).toEqual([]);
  });

  it('refuses unknown events and malformed URLs, and saves nothing', async () => {
    for (const body of [
      { url: 'https://hooks.example.com/x', events: [] },
      { url: 'https://hooks.example.com/x', events: ['order.lost'] },
      { url: 'not a url', events: ['order.paid'] },
      { url: 'ftp://hooks.example.com/x', events: ['order.paid'] },
    ])
      expectError(await calls.call(owner, 'POST', '/api/webhooks', body), 400);
    expect(await t.db.select().from(webhookEndpoints)).toEqual([]);
  });
});

describe('delivery', () => {
  it('posts each event, signed with the secret, with the order as it was', async () => {
    hooks = await receiver();
    const { id, secret } = await addWebhook(owner, hooks.url, [
      'order.placed',
      'order.paid',
      'order.shipped',
      'order.cancelled',
    ]);
    const orderId = await checkout(owner);
    const transaction = await payInSandbox(t, owner, orderId);
    await calls.ok(owner, 'PUT', `/api/order/${orderId}`, { transaction });
    const admin = await signInAdmin(t.app, t.db);
    await calls.ok(admin, 'PUT', `/api/manageorders/${orderId}`, { trackingNumber: '1Z999' });
    const second = await checkout(owner);
    await calls.ok(owner, 'DELETE', `/api/order/${second}`);
    // The rival's orders are not the owner's business.
    await checkout(rival);

    expect(await deliverDueWebhooks(sender())).toBe(5);
    const events = hooks.events();
    expect(events.map((e) => [e.type, e.data.order.id])).toEqual([
      ['order.placed', orderId],
      ['order.paid', orderId],
      ['order.shipped', orderId],
      ['order.placed', second],
      ['order.cancelled', second],
    ]);
    for (const received of hooks.received) expect(verifySignature(secret, received)).toBe(true);
    expect(verifySignature('whsec_wrong', hooks.received[0] as Received)).toBe(false);
    const { number } = (await calls.ok(owner, 'GET', `/api/orderid/${orderId}`)) as {
      number: number;
    };
    expect(events[0]?.data.order).toMatchObject({
      number,
      total: 85,
      lines: [{ partId: pads, quantity: 20, unitPrice: 4.25, partName: 'Brake Pad Set' }],
    });
    expect(events[2]?.data.order).toMatchObject({ state: 'shipped', trackingNumber: '1Z999' });
    expect(new Set(events.map((e) => e.id)).size).toBe(5);
    expect(hooks.received[0]?.headers['axle-event-id']).toBe(events[0]?.id);

    const deliveries = webhookDeliveryList.parse(
      await calls.ok(owner, 'GET', `/api/webhooks/${id}/deliveries?limit=2`),
    );
    expect(deliveries).toHaveLength(2);
    expect(deliveries[0]).toMatchObject({ state: 'delivered', attempts: 1, lastStatus: 200 });
    // Nothing more is due.
    expect(await deliverDueWebhooks(sender())).toBe(0);
  });

  it('writes nothing to the outbox for events no endpoint takes', async () => {
    hooks = await receiver();
    await addWebhook(owner, hooks.url, ['order.shipped']);
    await checkout(owner);
    await checkout(rival);
    expect(await t.db.select().from(webhookEvents)).toEqual([]);
  });

  it('retries with back-off while the receiver fails, with the same event id, until it answers', async () => {
    hooks = await receiver();
    hooks.answers.push({ status: 500 }, { status: 503 });
    const { id } = await addWebhook(owner, hooks.url, ['order.placed']);
    await checkout(owner);
    // Back-offs long enough that a busy machine's pause between two calls is not one of them
    // (20 ms was: a CI run's second call came after it), short enough for a test: 300 ms, 600 ms.
    const slower = { ...sender(), retry: { ...fastRetry, firstMs: 300, maxMs: 1_200 } };
    expect(await deliverDueWebhooks(slower)).toBe(0);
    let [row] = await t.db.select().from(webhookDeliveries);
    expect(row).toMatchObject({ state: 'pending', attempts: 1, lastStatus: 500 });
    // Not due again before its back-off.
    expect(row?.nextAttemptAt?.getTime()).toBeGreaterThan(Date.now() - 5);
    expect(await deliverDueWebhooks(slower)).toBe(0);
    expect(hooks.received).toHaveLength(1);
    // Back-offs vary by ±10 %.
    await wait(340);
    expect(await deliverDueWebhooks(slower)).toBe(0);
    [row] = await t.db.select().from(webhookDeliveries);
    expect(row).toMatchObject({ state: 'pending', attempts: 2, lastStatus: 503 });
    await wait(670);
    expect(await deliverDueWebhooks(slower)).toBe(1);
    [row] = await t.db.select().from(webhookDeliveries);
    expect(row).toMatchObject({ state: 'delivered', attempts: 3, lastStatus: 200 });
    const ids = hooks.events().map((e) => e.id);
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(1);
    const [listed] = webhookDeliveryList.parse(
      await calls.ok(owner, 'GET', `/api/webhooks/${id}/deliveries`),
    );
    expect(listed).toMatchObject({ state: 'delivered', attempts: 3 });
  });

  it('marks a delivery failed once its day of retries is over', async () => {
    hooks = await receiver();
    hooks.answers.push({ status: 500 });
    await addWebhook(owner, hooks.url, ['order.placed']);
    await checkout(owner);
    await deliverDueWebhooks({ ...sender(), retry: { ...fastRetry, giveUpAfterMs: 0 } });
    const [row] = await t.db.select().from(webhookDeliveries);
    expect(row).toMatchObject({ state: 'failed', attempts: 1, nextAttemptAt: null });
  });

  it('sends one delivery at a time to an endpoint, also from two workers at once', async () => {
    hooks = await receiver();
    for (let i = 0; i < 4; i++) hooks.answers.push({ status: 200, delayMs: 30 });
    await addWebhook(owner, hooks.url, ['order.placed']);
    for (let i = 0; i < 4; i++) await checkout(owner);
    const sent = await Promise.all([deliverDueWebhooks(sender()), deliverDueWebhooks(sender())]);
    expect(sent[0] + sent[1]).toBe(4);
    expect(hooks.mostInFlight()).toBe(1);
    expect(new Set(hooks.events().map((e) => e.id)).size).toBe(4);
  });

  it("tells an owner's endpoint of every order of the company", async () => {
    hooks = await receiver();
    const boss = await signUp(t.app, 'boss');
    const buyer = await signUp(t.app, 'buyer');
    await calls.ok(boss, 'POST', '/api/addresses', dock, 201);
    await calls.createCompany(boss, 'Hooked Fleet Ltd');
    const token = await calls.invite(boss, buyer, 'buyer', null);
    await calls.ok(buyer, 'POST', '/api/company/invitations/accept', { token });
    expectError(
      await calls.call(buyer, 'POST', '/api/webhooks', {
        url: hooks.url,
        events: ['order.placed'],
      }),
      403,
    );
    await addWebhook(boss, hooks.url, ['order.placed']);
    const orderId = await checkout(buyer);
    await deliverDueWebhooks(sender());
    expect(hooks.events().map((e) => e.data.order.id)).toEqual([orderId]);
  });
});

describe('history', () => {
  it('keeps a month of events: older ones go with their deliveries, unless one still waits', async () => {
    hooks = await receiver();
    const { id } = await addWebhook(owner, hooks.url, ['order.placed']);
    await checkout(owner);
    await checkout(owner);
    await deliverDueWebhooks(sender());
    await checkout(owner);
    const events = await t.db.select().from(webhookEvents).orderBy(webhookEvents.createdAt);
    expect(events).toHaveLength(3);
    // The two delivered and the pending one all happened 31 days ago.
    const old = new Date(Date.now() - 31 * 24 * 60 * 60_000);
    await t.db.update(webhookEvents).set({ createdAt: old });
    expect(await pruneWebhookHistory(sender())).toBe(2);
    const left = await t.db.select().from(webhookEvents);
    expect(left.map((e) => e.id)).toEqual([events[2]?.id]);
    const deliveries = webhookDeliveryList.parse(
      await calls.ok(owner, 'GET', `/api/webhooks/${id}/deliveries`),
    );
    expect(deliveries.map((d) => d.state)).toEqual(['pending']);
    // Nothing younger than the month goes.
    await t.db.update(webhookEvents).set({ createdAt: new Date() });
    await deliverDueWebhooks(sender());
    expect(await pruneWebhookHistory(sender())).toBe(0);
  });
});

describe('restarts', () => {
  it('loses nothing: what one instance did not deliver, the next delivers', async () => {
    hooks = await receiver();
    const first = await createTestApp({ webhooks: { allowPrivate: true } });
    const customer = await signUp(first.app, 'restart');
    const world = companyCalls({ ...t, app: first.app, db: first.db, mail: first.mail } as TestApp);
    await world.ok(customer, 'POST', '/api/addresses', dock, 201);
    const part = await addPart({ ...t, db: first.db } as TestApp, { minimumQuantity: 1 });
    await world.ok(
      customer,
      'POST',
      '/api/webhooks',
      { url: hooks.url, events: ['order.placed'] },
      201,
    );
    const orderId = (await world.checkout(customer, part, 2))._id;
    // The first instance stops before its worker ever ran.
    await first.app.close();
    const second = await buildApp({
      database: first.database,
      accessKey: first.accessKey,
      publicUrl: TEST_PUBLIC_URL,
      mailer: { send: async () => {} },
      webhooks: { allowPrivate: true, retry: fastRetry },
      jobs: { pollMs: 20, recurring: { 'deliver-webhooks': 20 } },
    });
    try {
      await second.listen({ port: 0, host: '127.0.0.1' });
      for (let tries = 0; tries < 500 && hooks.received.length === 0; tries++) await wait(20);
      expect(hooks.events().map((e) => [e.type, e.data.order.id])).toEqual([
        ['order.placed', orderId],
      ]);
    } finally {
      await second.close();
      await first.database.dispose();
    }
  });
});

describe('server-side request forgery', () => {
  /** A resolver a test can point anywhere: names resolve to what `dns` says now. */
  const dns: Record<string, string> = {
    'hooks.example.com': '93.184.216.34',
    'internal.example.com': '10.0.0.5',
    'metadata.example.com': '169.254.169.254',
  };
  const network: WebhookNetwork = {
    allowPrivate: false,
    resolve: async (host) => {
      if (host === 'localhost') return [{ address: '127.0.0.1', family: 4 }];
      const address = dns[host];
      if (!address) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
      return [{ address, family: address.includes(':') ? 6 : 4 }];
    },
  };
  let guarded: TestApp;
  let customer: Customer;
  beforeAll(async () => {
    guarded = await createSecurityTestApp({
      webhooks: { allowPrivate: false, resolve: network.resolve },
    });
    customer = await signUp(guarded.app, 'guarded');
  });
  afterAll(() => guarded.close());

  it('refuses private, loopback and link-local addresses, and http, when the endpoint is added', async () => {
    const guardedCalls = companyCalls(guarded);
    for (const url of [
      'https://127.0.0.1/hooks',
      'https://10.1.2.3/hooks',
      'https://192.168.0.10/hooks',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/hooks',
      'https://[::ffff:127.0.0.1]/hooks',
      'https://localhost/hooks',
      'https://internal.example.com/hooks',
      'https://metadata.example.com/hooks',
      'https://nowhere.example.com/hooks',
      'http://hooks.example.com/hooks',
      'https://user:secret@hooks.example.com/hooks',
    ]) {
      const res = await guardedCalls.call(customer, 'POST', '/api/webhooks', {
        url,
        events: ['order.placed'],
      });
      expect(res.statusCode, url).toBe(400);
    }
    expect(await guarded.db.select().from(webhookEndpoints)).toEqual([]);
    const res = await guardedCalls.call(customer, 'POST', '/api/webhooks', {
      url: 'https://hooks.example.com/hooks',
      events: ['order.placed'],
    });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('refuses at delivery a name that now resolves to a private address, and never follows a redirect', async () => {
    hooks = await receiver();
    const target = await receiver();
    try {
      // A name that resolved to a public address when added, and to the shop's own network now.
      const [endpoint] = await guarded.db
        .insert(webhookEndpoints)
        .values({
          userId: (await companyCalls(guarded).ok(customer, 'GET', '/api/auth/me')).user._id,
          url: `http://rebound.example.com:${new URL(hooks.url).port}/hooks`,
          events: ['order.placed'],
          secret: 'whsec_test',
        })
        .returning();
      dns['rebound.example.com'] = '127.0.0.1';
      const [event] = await guarded.db
        .insert(webhookEvents)
        .values({ type: 'order.placed', orderId: NO_ID, payload: {} })
        .returning();
      await guarded.db
        .insert(webhookDeliveries)
        .values({ eventId: event?.id as string, endpointId: endpoint?.id as string });
      const guardedSender: WebhookSender = {
        db: guarded.db,
        network,
        retry: fastRetry,
        keepMs: DEFAULT_KEEP_MS,
        timeoutMs: 2_000,
        log: quietLog,
      };
      expect(await deliverDueWebhooks(guardedSender)).toBe(0);
      expect(hooks.received).toEqual([]);
      const [refused] = await guarded.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.endpointId, endpoint?.id as string));
      expect(refused?.lastError).toMatch(/private, loopback or link-local/);

      // An address written in the URL is checked too (no lookup happens for it).
      await guarded.db
        .update(webhookEndpoints)
        .set({ url: hooks.url })
        .where(eq(webhookEndpoints.id, endpoint?.id as string));
      await guarded.db.update(webhookDeliveries).set({ nextAttemptAt: new Date(0) });
      expect(await deliverDueWebhooks(guardedSender)).toBe(0);
      expect(hooks.received).toEqual([]);

      // A redirect to the shop's network is not followed, even where private addresses are allowed.
      hooks.answers.push({ status: 302, location: target.url });
      await guarded.db.update(webhookDeliveries).set({ nextAttemptAt: new Date(0) });
      expect(await deliverDueWebhooks({ ...guardedSender, network: openNetwork })).toBe(0);
      expect(hooks.received).toHaveLength(1);
      expect(target.received).toEqual([]);
      const [redirected] = await guarded.db.select().from(webhookDeliveries);
      expect(redirected).toMatchObject({ state: 'pending', lastStatus: 302 });
      expect(redirected?.lastError).toMatch(/not followed/);
    } finally {
      await target.close();
    }
  });
});
