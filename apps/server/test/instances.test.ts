// Several instances of the shop on one PostgreSQL and one Redis, as real processes: stock is
// reserved exactly once across them, rate limits are shared, and what one instance writes the
// other serves (issue 6 §3).
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../src/features/accounts/accounts.service.ts';
import { parts } from '../src/features/catalog/catalog.table.ts';
import { orders } from '../src/features/orders/orders.table.ts';
import {
  freePort,
  type ServerProcess,
  startServer,
  stopServer,
  waitForHealth,
} from './processes.ts';
import { openTestDatabase, testDatabaseKind } from './test-app.ts';

/** A Redis database of its own, emptied first, so earlier runs' counters do not count. */
const REDIS_URL = 'redis://127.0.0.1:6379/13';
/** How stale one instance may serve what another changed (the catalogue cache's own bound). */
const STALENESS_BOUND_MS = 5_000;

const shipping = {
  tel: '01712345678',
  country: 'Bangladesh',
  city: 'Dhaka',
  address: '3 Kemal Ataturk Ave',
};

describe.skipIf(testDatabaseKind !== 'postgres')(
  'two instances on one PostgreSQL and Redis',
  () => {
    let database: Awaited<ReturnType<typeof openTestDatabase>>;
    let dataDir: string;
    const servers: ServerProcess[] = [];
    const urls: string[] = [];
    const password = 'Shared4instances';
    const tokens: string[] = [];
    let adminToken = '';

    const signIn = async (base: string, email: string) => {
      const res = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      expect(res.status).toBe(200);
      return ((await res.json()) as { token: string }).token;
    };

    beforeAll(async () => {
      database = await openTestDatabase();
      dataDir = await mkdtemp(join(tmpdir(), 'axle-instances-'));
      const redis = new Redis(REDIS_URL);
      await redis.flushdb();
      await redis.quit();
      const env = {
        DATABASE_URL: database.url ?? '',
        JWT_SECRET: randomBytes(32).toString('hex'),
        REDIS_URL,
        SEED_DEMO: 'false',
        PUBLIC_URL: 'http://shop.test',
        // Four customers place 200 orders at once: far more unpaid orders than one may hold.
        UNPAID_ORDERS_PER_CUSTOMER: '1000',
      };
      for (let i = 0; i < 2; i++) {
        const port = await freePort();
        servers.push(startServer(join(dataDir, `instance-${i}`), port, env));
        urls.push(`http://127.0.0.1:${port}`);
      }
      await Promise.all(
        servers.map((server, i) => waitForHealth(Number(new URL(urls[i] ?? '').port), server)),
      );

      await createUser(
        { db: database.db },
        { name: 'Admin', email: 'boss@instances.com', password, admin: true },
      );
      adminToken = await signIn(urls[0] ?? '', 'boss@instances.com');
      for (let i = 0; i < 4; i++) {
        const email = `fleet${i}@instances.com`;
        await createUser(
          { db: database.db },
          { name: `Fleet ${i}`, email, password, admin: false },
        );
        tokens.push(await signIn(urls[i % 2] ?? '', email));
      }
    }, 120_000);

    afterAll(async () => {
      await Promise.all(servers.map((server) => stopServer(server, 'SIGTERM')));
      await database?.dispose();
      await rm(dataDir, { recursive: true, force: true });
    });

    it('accepts exactly 50 of 200 concurrent orders for a stock of 50, split across both', async () => {
      const [part] = await database.db
        .insert(parts)
        .values({
          name: 'Last Batch Spark Plug',
          description: 'Iridium',
          availableQuantity: 50,
          minimumQuantity: 1,
          priceCents: 700,
        })
        .returning();
      const partId = part?.id ?? '';

      const replies = await Promise.all(
        Array.from({ length: 200 }, async (_, i) => {
          const res = await fetch(`${urls[i % 2]}/api/order`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              authorization: `Bearer ${tokens[i % tokens.length]}`,
            },
            body: JSON.stringify({ partsId: partId, quantity: 1, ...shipping }),
          });
          const body = (await res.json()) as { error?: { message: string } };
          return { instance: i % 2, status: res.status, refusal: body.error?.message };
        }),
      );
      const accepted = replies.filter((reply) => reply.status === 201);
      expect(accepted).toHaveLength(50);
      // Both instances took orders, and every refusal is the stock's own message, never a 5xx.
      expect(new Set(accepted.map((reply) => reply.instance)).size).toBe(2);
      const refusals = replies.filter((reply) => reply.status !== 201);
      expect(new Set(refusals.map((reply) => `${reply.status} ${reply.refusal}`))).toEqual(
        new Set(['400 maximum order 0']),
      );

      const [after] = await database.db.select().from(parts).where(eq(parts.id, partId));
      expect(after?.availableQuantity).toBe(0);
      const placed = await database.db.select().from(orders).where(eq(orders.partId, partId));
      expect(placed).toHaveLength(50);
    }, 60_000);

    it('shares rate limits: failed sign-ins on either instance count against the same account', async () => {
      const email = 'fleet0@instances.com';
      const attempt = (base: string) =>
        fetch(`${base}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: 'Wrong1guess' }),
        });
      // The account allows 10 failures per window: 5 on each instance use them all up.
      for (let i = 0; i < 10; i++) expect((await attempt(urls[i % 2] ?? '')).status).toBe(401);
      for (const base of urls) {
        const refused = await attempt(base);
        expect(refused.status).toBe(429);
        expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      }
    }, 60_000);

    it("serves an admin's price change made on one instance from the other within the bound", async () => {
      const [part] = await database.db
        .insert(parts)
        .values({
          name: 'Cabin Filter',
          description: 'Carbon',
          availableQuantity: 900,
          minimumQuantity: 10,
          priceCents: 1250,
        })
        .returning();
      const id = part?.id ?? '';
      const priceOn = async (base: string) =>
        ((await (await fetch(`${base}/api/item/${id}`)).json()) as { price: number }).price;
      const listedPriceOn = async (base: string) =>
        (
          (await (await fetch(`${base}/api/items`)).json()) as { _id: string; price: number }[]
        ).find((item) => item._id === id)?.price;
      // Both instances have read (and may have cached) the old price.
      for (const base of urls) {
        expect(await priceOn(base)).toBe(12.5);
        expect(await listedPriceOn(base)).toBe(12.5);
      }

      // The edit names the version it was made from (issue 14 #6).
      const { version } = (await (await fetch(`${urls[0]}/api/item/${id}`)).json()) as {
        version: string;
      };
      const edit = await fetch(`${urls[0]}/api/item/${id}`, {
        method: 'PUT',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${adminToken}`,
          'if-match': `"${version}"`,
        },
        body: JSON.stringify({
          name: 'Cabin Filter',
          description: 'Carbon',
          img: null,
          availableQuantity: 900,
          minimumQuantity: 10,
          price: 9.75,
        }),
      });
      expect(edit.status).toBe(200);
      // The instance that made the change serves it at once; the other within the bound.
      expect(await priceOn(urls[0] ?? '')).toBe(9.75);
      const changedAt = Date.now();
      let other = await priceOn(urls[1] ?? '');
      let listed = await listedPriceOn(urls[1] ?? '');
      while ((other !== 9.75 || listed !== 9.75) && Date.now() - changedAt < STALENESS_BOUND_MS) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        other = await priceOn(urls[1] ?? '');
        listed = await listedPriceOn(urls[1] ?? '');
      }
      expect({ other, listed }).toEqual({ other: 9.75, listed: 9.75 });
    }, 60_000);
  },
);
