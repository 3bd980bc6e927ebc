// The shop killed with SIGKILL at the worst moments, then started again on the same data
// (issue 6 §4): a card payment confirmed just before the crash ends paid exactly once, and orders
// cut off mid-flight neither lose nor double-count stock. Runs on both databases.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxIntents } from '../src/adapters/payments/sandbox.table.ts';
import { type Database, openEmbeddedDatabase } from '../src/db/client.ts';
import { demoParts } from '../src/db/seed/demo-catalogue.ts';
import { parts } from '../src/features/catalog/catalog.table.ts';
import { orders } from '../src/features/orders/orders.table.ts';
import { payments } from '../src/features/payments/payments.table.ts';
import { latestMessage } from './outbox.ts';
import {
  freePort,
  type ServerProcess,
  startServer,
  stopServer,
  waitForHealth,
} from './processes.ts';
import { openTestDatabase, testDatabaseKind } from './test-app.ts';

const shipping = {
  tel: '01712345678',
  country: 'Bangladesh',
  city: 'Rangpur',
  address: '9 Station Rd',
};
const card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2035, cvc: '123' };
const password = 'Crash2test';
const part = demoParts.find((p) => p.minimumQuantity === 100) ?? demoParts[0];

type Json = Record<string, unknown>;

describe(`the shop killed and restarted (${testDatabaseKind} database)`, () => {
  let dataDir: string;
  let postgres: Awaited<ReturnType<typeof openTestDatabase>> | undefined;
  let env: Record<string, string>;
  let server: ServerProcess | undefined;
  let base = '';

  async function start() {
    const port = await freePort();
    server = startServer(dataDir, port, env);
    base = `http://127.0.0.1:${port}`;
    await waitForHealth(port, server);
  }
  async function call(method: string, path: string, token?: string, body?: unknown) {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Json };
  }
  /** A customer signed up and signed in by the e-mailed link, opened in the same browser. */
  async function customer(label: string): Promise<string> {
    const email = `${label}${randomBytes(3).toString('hex')}@crash-test.com`;
    const registered = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: label, email, password }),
    });
    expect(registered.status).toBe(202);
    const browser = registered.headers
      .getSetCookie()
      .map((cookie) => cookie.split(';')[0] ?? '')
      .find((cookie) => cookie.startsWith('axle_sign_up='));
    let link: string | undefined;
    for (let tries = 0; tries < 100 && !link; tries++) {
      const mail = await latestMessage(join(dataDir, 'outbox'), { to: email });
      link = mail?.links.find((url) => url.includes('/verify-email?token='));
      if (!link) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const res = await fetch(`${base}/api/auth/verify-email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: browser ?? '' },
      body: JSON.stringify({ token: new URL(link ?? 'http://x/').searchParams.get('token') }),
    });
    const body = (await res.json()) as Json;
    expect(body.token).toBeTruthy();
    return String(body.token);
  }
  /** Reads the data with the shop stopped (the embedded database has one process at a time). */
  async function inspect<T>(read: (db: Database['db']) => Promise<T>): Promise<T> {
    if (postgres) return read(postgres.db);
    const database = await openEmbeddedDatabase(dataDir);
    try {
      return await read(database.db);
    } finally {
      await database.close();
    }
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'axle-crash-'));
    // Two customers place 120 orders at once: far more unpaid orders than a customer may hold.
    env = {
      SEED_DEMO: 'true',
      PUBLIC_URL: 'http://shop.test',
      RATE_LIMIT_SCALE: '20',
      UNPAID_ORDERS_PER_CUSTOMER: '1000',
    };
    if (testDatabaseKind === 'postgres') {
      postgres = await openTestDatabase();
      env.DATABASE_URL = postgres.url ?? '';
      env.JWT_SECRET = randomBytes(32).toString('hex');
    }
  }, 60_000);
  afterAll(async () => {
    if (server) await stopServer(server);
    await postgres?.dispose();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('a payment confirmed just before SIGKILL ends paid exactly once after the restart', async () => {
    await start();
    const token = await customer('payer');
    const placed = await call('POST', '/api/order', token, {
      partsId: part?.id,
      quantity: part?.minimumQuantity,
      ...shipping,
    });
    expect(placed.status).toBe(201);
    const orderId = String(placed.body.insertedId);
    const intent = await call('POST', '/api/create-payment-intent', token, { orderId });
    const confirmed = await call('POST', '/api/payments/sandbox/confirm', undefined, {
      clientSecret: intent.body.clientSecret,
      card,
    });
    expect(confirmed.body).toMatchObject({ status: 'succeeded' });
    // The card went through; the page's PUT /order/{id} never arrives: the server dies.
    await stopServer(server as ServerProcess, 'SIGKILL');

    await start();
    // Reconciliation at start asks the provider and marks the order paid, without the page.
    let order = (await call('GET', `/api/orderid/${orderId}`, token)).body;
    for (let tries = 0; tries < 100 && order.paid !== true; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      order = (await call('GET', `/api/orderid/${orderId}`, token)).body;
    }
    expect(order).toMatchObject({ paid: true, transaction: confirmed.body.id });
    // The page coming back late changes nothing; paying again is refused.
    const late = await call('PUT', `/api/order/${orderId}`, token, {
      transaction: confirmed.body.id,
    });
    expect(late.body).toMatchObject({ modifiedCount: 0 });
    expect((await call('POST', '/api/create-payment-intent', token, { orderId })).status).toBe(409);
    await stopServer(server as ServerProcess, 'SIGTERM');

    const { intents, charged } = await inspect(async (db) => ({
      intents: await db.select().from(payments).where(eq(payments.orderId, orderId)),
      charged: await db.select().from(sandboxIntents).where(eq(sandboxIntents.orderId, orderId)),
    }));
    expect(intents.map((row) => row.status)).toEqual(['succeeded']);
    expect(charged.filter((row) => row.status === 'succeeded')).toHaveLength(1);
  }, 120_000);

  it('orders cut off by SIGKILL lose and double-count no stock', async () => {
    await start();
    const tokens = [await customer('fleet'), await customer('depot')];
    // 120 orders in flight; the server is killed once the first replies come back.
    let answered = 0;
    const inFlight = Array.from({ length: 120 }, (_, i) =>
      call('POST', '/api/order', tokens[i % 2], {
        partsId: part?.id,
        quantity: part?.minimumQuantity,
        ...shipping,
      }).then(
        (reply) => {
          answered++;
          return reply.status;
        },
        () => 'cut off',
      ),
    );
    while (answered < 10) await new Promise((resolve) => setTimeout(resolve, 5));
    await stopServer(server as ServerProcess, 'SIGKILL');
    const outcomes = await Promise.all(inFlight);
    expect(outcomes).toContain(201);

    await start();
    const stockAfter = (await call('GET', `/api/item/${part?.id}`)).body
      .availableQuantity as number;
    await stopServer(server as ServerProcess, 'SIGTERM');

    const placed = await inspect(async (db) => {
      const rows = await db
        .select()
        .from(orders)
        .where(eq(orders.partId, part?.id ?? ''));
      const [row] = await db
        .select()
        .from(parts)
        .where(eq(parts.id, part?.id ?? ''));
      return { rows: rows.filter((r) => r.cancelledAt === null), stock: row?.availableQuantity };
    });
    expect(placed.stock).toBe(stockAfter);
    // Every unit that left the stock is in exactly one order that survived (this one's and the
    // paid order of the test before), and the reverse: the seeded stock is all accounted for.
    const ordered = placed.rows.reduce((sum, row) => sum + row.quantity, 0);
    expect(stockAfter + ordered).toBe(part?.availableQuantity);
    // And every order the shop answered 201 to survived the crash.
    const accepted = outcomes.filter((outcome) => outcome === 201).length;
    expect(placed.rows.length).toBeGreaterThanOrEqual(accepted + 1);
  }, 120_000);
});
