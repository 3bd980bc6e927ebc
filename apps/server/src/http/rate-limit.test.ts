import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryRateLimiter, createRedisRateLimiter, type RateLimiter } from './rate-limit.ts';

const limit = { max: 2, windowSeconds: 60 };

function behavesAsALimiter(make: () => RateLimiter) {
  let limiter: RateLimiter;
  beforeAll(() => {
    limiter = make();
  });
  afterAll(() => limiter.close());

  it('allows up to the limit, then says how long to wait', async () => {
    const key = `k-${randomUUID()}`;
    expect(await limiter.hit(key, limit)).toBeNull();
    expect(await limiter.hit(key, limit)).toBeNull();
    expect(await limiter.blocked(key, limit)).toBeGreaterThan(0);
    const wait = await limiter.hit(key, limit);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
  });

  it('counts keys apart and forgets a key on reset', async () => {
    const a = `a-${randomUUID()}`;
    const b = `b-${randomUUID()}`;
    await limiter.hit(a, limit);
    await limiter.hit(a, limit);
    expect(await limiter.blocked(b, limit)).toBeNull();
    await limiter.reset(a);
    expect(await limiter.blocked(a, limit)).toBeNull();
  });
}

describe('the in-memory limiter', () => {
  behavesAsALimiter(() => createMemoryRateLimiter());

  it('opens again when the window has passed', async () => {
    let now = 0;
    const limiter = createMemoryRateLimiter(() => now);
    await limiter.hit('k', limit);
    await limiter.hit('k', limit);
    expect(await limiter.hit('k', limit)).toBe(60);
    now += 60_000;
    expect(await limiter.hit('k', limit)).toBeNull();
    await limiter.close();
  });
});

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

describe.skipIf(!redisUp)('the Redis limiter', () => {
  const prefix = `axle-test:${randomUUID()}:`;
  behavesAsALimiter(() => createRedisRateLimiter(redisUrl, prefix));

  it('is shared by every instance using the same Redis', async () => {
    const one = createRedisRateLimiter(redisUrl, prefix);
    const two = createRedisRateLimiter(redisUrl, prefix);
    try {
      const key = `shared-${randomUUID()}`;
      expect(await one.hit(key, limit)).toBeNull();
      expect(await two.hit(key, limit)).toBeNull();
      expect(await one.hit(key, limit)).toBeGreaterThan(0);
      expect(await two.blocked(key, limit)).toBeGreaterThan(0);
    } finally {
      await one.close();
      await two.close();
    }
  });
});
