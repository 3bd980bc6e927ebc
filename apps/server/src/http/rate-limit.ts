import { Redis } from 'ioredis';
import { TooManyRequests } from '../domain/errors.ts';

export type Limit = { max: number; windowSeconds: number };

/** Counts events per key in fixed windows; shared through Redis when several instances run. */
export interface RateLimiter {
  /** Counts one event; returns how many seconds until the key is free again if now over the limit. */
  hit(key: string, limit: Limit): Promise<number | null>;
  /** Seconds until the key is free again when it is already at its limit, else null (counts nothing). */
  blocked(key: string, limit: Limit): Promise<number | null>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export function createMemoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const current = (key: string) => {
    const entry = windows.get(key);
    if (entry && entry.resetAt > now()) return entry;
    windows.delete(key);
    return undefined;
  };
  // Expired windows are dropped as they are met; a sweep keeps idle keys from piling up.
  const sweep = setInterval(() => {
    for (const [key, entry] of windows) if (entry.resetAt <= now()) windows.delete(key);
  }, 60_000);
  sweep.unref();
  return {
    async hit(key, limit) {
      const entry = current(key) ?? { count: 0, resetAt: now() + limit.windowSeconds * 1000 };
      entry.count += 1;
      windows.set(key, entry);
      return entry.count > limit.max ? Math.ceil((entry.resetAt - now()) / 1000) : null;
    },
    async blocked(key, limit) {
      const entry = current(key);
      return entry && entry.count >= limit.max ? Math.ceil((entry.resetAt - now()) / 1000) : null;
    },
    async reset(key) {
      windows.delete(key);
    },
    async close() {
      clearInterval(sweep);
    },
  };
}

export function createRedisRateLimiter(url: string, prefix = 'axle:rl:'): RateLimiter {
  const redis = new Redis(url, {
    lazyConnect: false,
    maxRetriesPerRequest: 2,
    enableOfflineQueue: true,
  });
  return {
    async hit(key, limit) {
      const name = prefix + key;
      const [[, count], , [, ttl]] = (await redis
        .multi()
        .incr(name)
        .pexpire(name, limit.windowSeconds * 1000, 'NX')
        .pttl(name)
        .exec()) as [[null, number], [null, number], [null, number]];
      return count > limit.max ? Math.max(1, Math.ceil(ttl / 1000)) : null;
    },
    async blocked(key, limit) {
      const name = prefix + key;
      const [[, count], [, ttl]] = (await redis.multi().get(name).pttl(name).exec()) as [
        [null, string | null],
        [null, number],
      ];
      return Number(count ?? 0) >= limit.max ? Math.max(1, Math.ceil(ttl / 1000)) : null;
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    async close() {
      await redis.quit();
    },
  };
}

/** Counts one event for each key and refuses with a 429 when any of them is over its limit. */
export async function enforce(
  limiter: RateLimiter,
  checks: [key: string, limit: Limit][],
  message: (minutes: number) => string,
): Promise<void> {
  for (const [key, limit] of checks) {
    const wait = await limiter.hit(key, limit);
    if (wait !== null) throw new TooManyRequests(message(Math.max(1, Math.ceil(wait / 60))), wait);
  }
}
