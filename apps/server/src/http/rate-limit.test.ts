import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandler } from './errors.ts';
import {
  createFailureCounter,
  type FailureCounter,
  limitAlso,
  limitRoute,
  registerRateLimits,
} from './rate-limit.ts';

const limit = { max: 2, windowSeconds: 60 };
const refusal = (minutes: number) => `Wait ${minutes} minute(s).`;

// Redis runs on the project's machines (127.0.0.1:6379); TEST_REDIS_URL points elsewhere.
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisUp = await (async () => {
  const probe = new Redis(redisUrl, {
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

/** A small app with one limited route, as the shop wires it: one address may call it twice. */
async function limitedApp(redis?: Redis, logLines?: string[]) {
  const app = Fastify(
    logLines ? { logger: { level: 'warn', stream: { write: (line) => logLines.push(line) } } } : {},
  );
  registerErrorHandler(app);
  await registerRateLimits(app, { redis });
  const perName = limitAlso(app, 'name', limit, refusal, (request: { body: { name: string } }) =>
    String(request.body.name),
  );
  app.post(
    '/limited',
    { config: { rateLimit: limitRoute({ max: 2, windowSeconds: 60 }, refusal) } },
    async () => ({ ok: true }),
  );
  app.post<{ Body: { name: string } }>('/named', async (request) => {
    await perName(request);
    return { ok: true };
  });
  app.get('/free', async () => ({ ok: true }));
  await app.ready();
  return app;
}

describe('route limits (@fastify/rate-limit)', () => {
  let app: Awaited<ReturnType<typeof limitedApp>>;
  const logLines: string[] = [];
  beforeAll(async () => {
    app = await limitedApp(undefined, logLines);
  });
  afterAll(() => app.close());

  it('allow up to the limit per address, then refuse with the JSON error, Retry-After and no counters shown', async () => {
    const call = (remoteAddress: string) =>
      app.inject({ method: 'POST', url: '/limited', remoteAddress });
    const first = await call('10.0.0.1');
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-ratelimit-remaining']).toBeUndefined();
    expect((await call('10.0.0.1')).statusCode).toBe(200);
    const refused = await call('10.0.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: { code: 'rate_limited', message: 'Wait 1 minute(s).' },
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(refused.headers['x-ratelimit-limit']).toBeUndefined();
    expect(logLines.map((line) => JSON.parse(line))).toContainEqual(
      expect.objectContaining({
        security: 'rate-limited',
        route: '/limited',
        ip: '10.0.0.1',
        msg: 'access refused',
      }),
    );
    expect((await call('10.0.0.2')).statusCode).toBe(200);
  });

  it('leave routes without a limit alone', async () => {
    for (let i = 0; i < 5; i++) expect((await app.inject({ url: '/free' })).statusCode).toBe(200);
  });

  it('count a second limit by its own key wherever the handler asks', async () => {
    const call = (name: string, remoteAddress: string) =>
      app.inject({ method: 'POST', url: '/named', payload: { name }, remoteAddress });
    expect((await call('ada', '10.1.0.1')).statusCode).toBe(200);
    expect((await call('ada', '10.1.0.2')).statusCode).toBe(200);
    expect((await call('ada', '10.1.0.3')).statusCode).toBe(429);
    expect((await call('bob', '10.1.0.3')).statusCode).toBe(200);
  });
});

function behavesAsAFailureCounter(make: () => FailureCounter) {
  let counter: FailureCounter;
  beforeAll(() => {
    counter = make();
  });
  afterAll(() => counter.close());

  it('blocks a key once its failures reach the limit, and says how long to wait', async () => {
    const key = `k-${randomUUID()}`;
    await counter.fail(key, limit);
    expect(await counter.blocked(key, limit)).toBeNull();
    await counter.fail(key, limit);
    const wait = await counter.blocked(key, limit);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
  });

  it('counts keys apart and forgets a key once cleared', async () => {
    const a = `a-${randomUUID()}`;
    const b = `b-${randomUUID()}`;
    await counter.fail(a, limit);
    await counter.fail(a, limit);
    expect(await counter.blocked(b, limit)).toBeNull();
    await counter.clear(a);
    expect(await counter.blocked(a, limit)).toBeNull();
  });
}

describe('the in-memory failure counter', () => {
  behavesAsAFailureCounter(() => createFailureCounter({ redis: undefined }));

  it('opens again when the window has passed on the clock it is given', async () => {
    let now = 0;
    const counter = createFailureCounter({ redis: undefined, now: () => new Date(now) });
    await counter.fail('k', limit);
    await counter.fail('k', limit);
    expect(await counter.blocked('k', limit)).toBe(60);
    now += 59_000;
    expect(await counter.blocked('k', limit)).toBe(1);
    now += 1_000;
    expect(await counter.blocked('k', limit)).toBeNull();
    await counter.close();
  });
});

describe.skipIf(!redisUp)('limits counted in Redis', () => {
  const connections: Redis[] = [];
  const connect = () => {
    const redis = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
    connections.push(redis);
    return redis;
  };
  afterAll(async () => {
    await Promise.all(connections.map((redis) => redis.quit()));
  });

  behavesAsAFailureCounter(() => createFailureCounter({ redis: connect() }));

  it('are shared by every instance using the same Redis: route limits and failures', async () => {
    const one = await limitedApp(connect());
    const two = await limitedApp(connect());
    try {
      const address = randomUUID();
      const call = (app: typeof one) =>
        app.inject({ method: 'POST', url: '/limited', remoteAddress: address });
      expect((await call(one)).statusCode).toBe(200);
      expect((await call(two)).statusCode).toBe(200);
      const refused = await call(one);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((await call(two)).statusCode).toBe(429);

      const name = randomUUID();
      const named = (app: typeof one) =>
        app.inject({ method: 'POST', url: '/named', payload: { name } });
      expect((await named(one)).statusCode).toBe(200);
      expect((await named(two)).statusCode).toBe(200);
      expect((await named(one)).statusCode).toBe(429);
    } finally {
      await one.close();
      await two.close();
    }

    const first = createFailureCounter({ redis: connect() });
    const second = createFailureCounter({ redis: connect() });
    const key = `shared-${randomUUID()}`;
    await first.fail(key, limit);
    await second.fail(key, limit);
    expect(await first.blocked(key, limit)).toBeGreaterThan(0);
    await second.clear(key);
    expect(await first.blocked(key, limit)).toBeNull();
  });
});
