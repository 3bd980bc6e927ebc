// Issue 34 #2: Redis is an accelerator, not a single point of failure. Between the shop and Redis
// a fault proxy passes, hangs or refuses the connection: while Redis does not answer, rate limits
// and failed sign-ins count in the process with the same limits, each request answered in about a
// quarter of a second rather than failing; the fall and the return are logged once each; health
// says Redis is down, still 200.
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FaultProxy, faultProxy } from '../../test/fault-proxy.ts';
import { createTestApp } from '../../test/test-app.ts';
import { registerErrorHandler } from './errors.ts';
import { createFailureCounter, limitRoute, registerRateLimits } from './rate-limit.ts';
import { createRedisLink, REDIS_RETRY_MS } from './redis-link.ts';

const redisUrl = new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
const target = { host: redisUrl.hostname, port: Number(redisUrl.port || 6379) };
const redisUp = await (async () => {
  const probe = new Redis(target.port, target.host, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
})();

const refusal = (minutes: number) => `Wait ${minutes} minute(s).`;
const limit = { max: 2, windowSeconds: 60 };

describe.skipIf(!redisUp)('Redis that stops answering', () => {
  let proxy: FaultProxy;
  const clients: Redis[] = [];
  /** A client as the server makes one (server.ts), through the proxy. */
  const connect = () => {
    const redis = new Redis(proxy.port, '127.0.0.1', {
      maxRetriesPerRequest: 2,
      enableOfflineQueue: true,
    });
    clients.push(redis);
    return redis;
  };

  beforeAll(async () => {
    proxy = await faultProxy(target);
  });
  afterAll(async () => {
    for (const redis of clients) redis.disconnect();
    await proxy.close();
  });

  it('rate limits count in the process while it hangs or refuses, logged once, then in Redis again', async () => {
    proxy.set('pass');
    const lines: string[] = [];
    let clock = Date.now();
    const log = {
      warn: (_fields: object, message: string) => void lines.push(`warn ${message}`),
      info: (_fields: object, message: string) => void lines.push(`info ${message}`),
    };
    const link = createRedisLink(log, () => clock);
    const app = Fastify();
    registerErrorHandler(app);
    await registerRateLimits(app, { redis: connect(), link });
    app.post('/limited', { config: { rateLimit: limitRoute(limit, refusal) } }, async () => ({
      ok: true,
    }));
    await app.ready();
    const call = (remoteAddress: string) =>
      app.inject({ method: 'POST', url: '/limited', remoteAddress });
    const threeCalls = async () => {
      const address = randomUUID();
      const started = Date.now();
      const codes = [];
      for (let i = 0; i < 3; i += 1) codes.push((await call(address)).statusCode);
      return { codes, ms: Date.now() - started };
    };

    expect((await threeCalls()).codes).toEqual([200, 200, 429]);
    expect(link.down).toBe(false);

    for (const mode of ['hang', 'refuse'] as const) {
      proxy.set(mode);
      const { codes, ms } = await threeCalls();
      expect(codes, mode).toEqual([200, 200, 429]);
      expect(ms, mode).toBeLessThan(2_000);
      expect(link.down).toBe(true);
    }
    expect(lines).toEqual([
      'warn Redis does not answer: rate limits count in this process until it is back',
    ]);

    // Back: after the pause, the next count goes to Redis again.
    proxy.set('pass');
    clock += REDIS_RETRY_MS + 1;
    await expect
      .poll(async () => (await threeCalls()).codes, { timeout: 10_000 })
      .toEqual([200, 200, 429]);
    await expect.poll(() => link.down, { timeout: 10_000 }).toBe(false);
    expect(lines.at(-1)).toBe('info Redis is back: rate limits are shared again');
    await app.close();
  });

  it('failed sign-ins count in the process while it hangs', async () => {
    proxy.set('pass');
    const link = createRedisLink({ warn: () => {}, info: () => {} });
    const counter = createFailureCounter({ redis: connect(), link });
    proxy.set('hang');
    const key = `fallback-${randomUUID()}`;
    await counter.fail(key, limit);
    await counter.fail(key, limit);
    expect(await counter.blocked(key, limit)).toBeGreaterThan(0);
    await counter.clear(key);
    expect(await counter.blocked(key, limit)).toBeNull();
    await counter.close();
    proxy.set('refuse');
  });

  it('the shop signs people in, and says Redis is down, while Redis hangs', async () => {
    proxy.set('pass');
    const t = await createTestApp({ redis: connect() });
    try {
      proxy.set('hang');
      const started = Date.now();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'nobody@garage.test', password: 'wrongpass1' },
      });
      expect(res.statusCode, res.body).toBe(401);
      expect(Date.now() - started).toBeLessThan(2_000);
      const health = await t.app.inject({ url: '/api/health' });
      expect(health.statusCode).toBe(200);
      expect(health.json()).toMatchObject({ status: 'degraded', checks: { redis: 'down' } });
    } finally {
      proxy.set('refuse');
      await t.close();
    }
  });
});
