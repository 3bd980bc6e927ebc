// Issue 34 #3: orders while PostgreSQL restarts or stops answering. The shop's connections go
// through a fault proxy that is cut (refused) or silenced (hangs) while customers place orders,
// each retrying its own attempt with its Idempotency-Key as the web app does. Whatever the moment
// of the cut (before, inside or at the commit of an order's transaction, or between the commit
// and the keeping of its reply), every attempt ends as exactly one order, whole, and the stock is
// exact; a retry once the database is back is answered within seconds, never refused as still
// running until the key's one-minute lock passes.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Customer, signUp } from '../../../test/customers.ts';
import { type FaultMode, type FaultProxy, postgresFaultProxy } from '../../../test/fault-proxy.ts';
import { addPart, generousLimits, shipping } from '../../../test/security/support.ts';
import {
  createTestApp,
  openTestDatabase,
  type TestDatabase,
  testDatabaseKind,
} from '../../../test/test-app.ts';
import { WORK_DONE } from '../../db/attempt.ts';
import { openPostgresDatabase } from '../../db/client.ts';
import { idempotencyKeys, orders, parts } from '../../db/schema.ts';

const QUANTITY = 100;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(testDatabaseKind !== 'postgres')('orders while the database goes away', () => {
  let direct: TestDatabase;
  let proxy: FaultProxy;
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let alice: Customer;

  beforeAll(async () => {
    direct = await openTestDatabase();
    const through = await postgresFaultProxy(direct.url ?? '');
    proxy = through.proxy;
    const proxied = openPostgresDatabase(through.url, { max: 4 });
    t = await createTestApp(
      { authLimits: generousLimits },
      { ...proxied, url: through.url, dispose: () => proxied.close() },
    );
    alice = await signUp(t.app, 'alice');
  });
  afterAll(async () => {
    await t.close();
    await proxy.close();
    await direct.dispose();
  });

  /**
   * One customer's attempt, as the web app makes it: the same key until an answer that is not
   * "try again" (503, a 409 still running, or no answer at all), for at most 30 s.
   */
  async function attempt(partId: string): Promise<{ status: number; code?: string }> {
    const key = crypto.randomUUID();
    const deadline = Date.now() + 30_000;
    for (;;) {
      const res = await t.app
        .inject({
          method: 'POST',
          url: '/api/order',
          headers: { ...alice.headers, 'idempotency-key': key },
          payload: { partsId: partId, quantity: QUANTITY, ...shipping },
        })
        .catch(() => undefined); // the jobs drained after the call met the database away
      const code = res?.statusCode === 409 ? res.json().error.code : undefined;
      const again = !res || res.statusCode === 503 || code === 'idempotency_key_in_use';
      if (!again || Date.now() > deadline) return { status: res?.statusCode ?? 0, code };
      await sleep(200);
    }
  }

  /** The proxy cut or silenced after `afterMs`, for `forMs`, then passing again. */
  async function outage(mode: FaultMode, afterMs: number, forMs: number) {
    await sleep(afterMs);
    proxy.set(mode);
    await sleep(forMs);
    // Connections silenced mid-reply are cut rather than resumed out of step.
    proxy.set('refuse');
    proxy.set('pass');
  }

  it('every attempt is one whole order and the stock is exact, whenever the cut comes', async () => {
    const stock = 100_000;
    const partId = await addPart({ db: direct.db } as never, { availableQuantity: stock });
    const results: { status: number; code?: string }[] = [];
    const rounds: [FaultMode, number][] = [
      ['refuse', 5],
      ['refuse', 25],
      ['hang', 10],
      ['refuse', 60],
    ];
    for (const [mode, afterMs] of rounds) {
      const attempts = Promise.all(Array.from({ length: 6 }, () => attempt(partId)));
      await outage(mode, afterMs, 1_000);
      results.push(...(await attempts));
    }

    // Each attempt ended as an order: placed (201), or, when the reply was lost after the
    // commit, told so (409 idempotency_key_done).
    for (const result of results)
      expect([201, 409], JSON.stringify(result)).toContain(result.status);
    for (const result of results.filter((r) => r.status === 409))
      expect(result.code).toBe('idempotency_key_done');

    // Exactly one order per attempt, each whole, and the stock reserved once for each.
    const placed = await direct.db.select().from(orders).where(eq(orders.partId, partId));
    expect(placed).toHaveLength(results.length);
    for (const row of placed) expect(row.quantity).toBe(QUANTITY);
    const [part] = await direct.db.select().from(parts).where(eq(parts.id, partId));
    expect(part?.availableQuantity).toBe(stock - results.length * QUANTITY);

    // No key is left held: each kept its reply, or says its work was done.
    const keys = await direct.db.select().from(idempotencyKeys);
    for (const key of keys) expect([201, WORK_DONE]).toContain(key.status);
  }, 120_000);
});
