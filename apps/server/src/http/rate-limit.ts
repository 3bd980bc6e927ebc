import { createRequire } from 'node:module';
import fastifyRateLimit, {
  type FastifyRateLimitOptions,
  type FastifyRateLimitStore,
  type RateLimitOptions,
} from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { TooManyRequests } from '../domain/errors.ts';
import type { RedisLink } from './redis-link.ts';

/** At most `max` events per key in each window of `windowSeconds` (fixed windows). */
export type Limit = { max: number; windowSeconds: number };

/** Words of a refusal, given the wait in whole minutes (at least one). */
export type Refusal = (minutes: number) => string;

const PREFIX = 'axle:rl:';
/** Keys each route's in-memory counters hold at most; the least recently seen go first. */
const MEMORY_KEYS_PER_ROUTE = 100_000;

function refuse(refusal: Refusal, ttlMs: number): TooManyRequests {
  const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
  return new TooManyRequests(refusal(Math.max(1, Math.ceil(seconds / 60))), seconds);
}

/** A store of @fastify/rate-limit: a Redis one or a process's own, as the plugin makes them. */
type StoreParts = FastifyRateLimitStore & {
  read?: (key: string, callback: Callback, timeWindow: number, max: number) => void;
};
type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;
type StoreCtor = new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  ...rest: unknown[]
) => StoreParts;
// The plugin's own stores (CommonJS, without types of their own).
const require = createRequire(import.meta.url);
const RedisStore: StoreCtor = require('@fastify/rate-limit/store/RedisStore');
const LocalStore: StoreCtor = require('@fastify/rate-limit/store/LocalStore');

/**
 * The counters in Redis, shared by every instance, and this process's own beside them: a count
 * goes to Redis unless the link says it is down or it does not answer in time (issue 34 #2), and
 * then to this process's counters, with the same limits. A key counted here while Redis was away
 * starts again in Redis when it is back.
 */
function fallbackStore(
  link: RedisLink,
  redis: Redis,
): new (
  options: FastifyRateLimitOptions,
) => StoreParts {
  const both = (remote: StoreParts, local: StoreParts) => {
    const call =
      (method: 'incr' | 'read') =>
      (key: string, callback: Callback, timeWindow: number, max: number) => {
        const through = (store: StoreParts) =>
          new Promise<{ current: number; ttl: number }>((resolve, reject) => {
            const run = method === 'incr' ? store.incr.bind(store) : store.read?.bind(store);
            if (!run) throw new Error(`the rate-limit store has no ${method}`);
            run(
              key,
              (error, result) => (error || !result ? reject(error) : resolve(result)),
              timeWindow,
              max,
            );
          });
        link
          .attempt(
            () => through(remote),
            () => through(local),
          )
          .then(
            (result) => callback(null, result),
            (error: Error) => callback(error),
          );
      };
    const store: StoreParts = {
      incr: call('incr'),
      read: call('read'),
      child: (routeOptions) => both(remote.child(routeOptions), local.child(routeOptions)),
    };
    return store;
  };
  return class {
    constructor(options: FastifyRateLimitOptions) {
      // The plugin passes its settings, these two among them.
      const { continueExceeding = false, exponentialBackoff = false } = options as {
        continueExceeding?: boolean;
        exponentialBackoff?: boolean;
      };
      // biome-ignore lint/correctness/noConstructorReturn: the plugin constructs its store with new
      return both(
        new RedisStore(continueExceeding, exponentialBackoff, redis, PREFIX),
        new LocalStore(continueExceeding, exponentialBackoff, MEMORY_KEYS_PER_ROUTE),
      );
    }
  } as unknown as new (
    options: FastifyRateLimitOptions,
  ) => StoreParts;
}

/**
 * @fastify/rate-limit for the routes that ask for a limit (`config.rateLimit`, see `limitRoute`);
 * every other route is left alone. The counters live in Redis when it is given, shared by every
 * instance, with this process's own counters for while it does not answer (`fallbackStore`); else
 * in this process. A refusal is a `TooManyRequests`, so the error handler answers it as any other
 * (the JSON error shape, Retry-After, the security log line); the plugin's own X-RateLimit headers
 * stay off, as callers were never told how much of a limit is left.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  { redis, link }: { redis: Redis | undefined; link?: RedisLink | undefined },
): Promise<void> {
  const off = {
    'x-ratelimit-limit': false,
    'x-ratelimit-remaining': false,
    'x-ratelimit-reset': false,
  } as const;
  await app.register(fastifyRateLimit, {
    global: false,
    nameSpace: PREFIX,
    cache: MEMORY_KEYS_PER_ROUTE,
    addHeaders: { ...off, 'retry-after': false },
    addHeadersOnExceeding: off,
    ...(redis && link ? { store: fallbackStore(link, redis) } : redis ? { redis } : {}),
  });
}

/**
 * A route's `config.rateLimit`: at most `limit.max` calls per window for each caller address (or
 * for each `key`), counted once the input is valid (preHandler), so a malformed call costs nothing.
 */
export function limitRoute(
  limit: Limit,
  refusal: Refusal,
  key: (request: FastifyRequest) => string | Promise<string> = (request) => request.ip,
): RateLimitOptions {
  return {
    max: limit.max,
    timeWindow: limit.windowSeconds * 1000,
    hook: 'preHandler',
    keyGenerator: key,
    errorResponseBuilder: (_request, context) => refuse(refusal, context.ttl),
  };
}

/**
 * A second limit for a route that already has one (a route takes one `config.rateLimit`), counted
 * in the same store where the handler calls it: `await limit(request)` throws a `TooManyRequests`
 * once the key (`name` and `key(request)`) is over its limit.
 */
export function limitAlso<R>(
  app: FastifyInstance,
  name: string,
  limit: Limit,
  refusal: Refusal,
  key: (request: R) => string,
): (request: R & FastifyRequest) => Promise<void> {
  const count = app.createRateLimit({
    max: limit.max,
    timeWindow: limit.windowSeconds * 1000,
    // Only `check` below calls it, always with an R.
    keyGenerator: (request) => `${name}:${key(request as R & FastifyRequest)}`,
  });
  return async function check(request) {
    const result = await count(request);
    if (!result.isAllowed && result.isExceeded) throw refuse(refusal, result.ttl);
  };
}

/**
 * Counts failures per key in fixed windows, for a limit that only failures use up and a success
 * clears (failed sign-ins per account): @fastify/rate-limit counts every call and cannot forget a
 * key (ADR 009). In Redis when it is given, so every instance counts together; else in memory, on
 * the app's clock.
 */
export interface FailureCounter {
  /** Seconds until the key may try again when its failures reached the limit, else null. */
  blocked(key: string, limit: Limit): Promise<number | null>;
  /** Counts one failure. */
  fail(key: string, limit: Limit): Promise<void>;
  /** Forgets the key's failures. */
  clear(key: string): Promise<void>;
  close(): Promise<void>;
}

export function createFailureCounter({
  redis,
  link,
  now,
}: {
  redis: Redis | undefined;
  /** With Redis: its link, to count in this process while it does not answer (issue 34 #2). */
  link?: RedisLink | undefined;
  /** The app's clock; the machine's when absent. */
  now?: (() => Date) | undefined;
}): FailureCounter {
  const memory = memoryFailureCounter(now ? () => now().getTime() : Date.now);
  if (!redis) return memory;
  const remote = redisFailureCounter(redis);
  if (!link) return remote;
  return {
    blocked: (key, limit) =>
      link.attempt(
        () => remote.blocked(key, limit),
        () => memory.blocked(key, limit),
      ),
    fail: (key, limit) =>
      link.attempt(
        () => remote.fail(key, limit),
        () => memory.fail(key, limit),
      ),
    clear: async (key) => {
      await memory.clear(key);
      await link.attempt(
        () => remote.clear(key),
        async () => {},
      );
    },
    close: () => memory.close(),
  };
}

function memoryFailureCounter(now: () => number): FailureCounter {
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
    async blocked(key, limit) {
      const entry = current(key);
      return entry && entry.count >= limit.max ? Math.ceil((entry.resetAt - now()) / 1000) : null;
    },
    async fail(key, limit) {
      const entry = current(key) ?? { count: 0, resetAt: now() + limit.windowSeconds * 1000 };
      entry.count += 1;
      windows.set(key, entry);
    },
    async clear(key) {
      windows.delete(key);
    },
    async close() {
      clearInterval(sweep);
    },
  };
}

function redisFailureCounter(redis: Redis): FailureCounter {
  const name = (key: string) => `${PREFIX}failures:${key}`;
  return {
    async blocked(key, limit) {
      const [[, count], [, ttl]] = (await redis.multi().get(name(key)).pttl(name(key)).exec()) as [
        [null, string | null],
        [null, number],
      ];
      return Number(count ?? 0) >= limit.max ? Math.max(1, Math.ceil(ttl / 1000)) : null;
    },
    async fail(key, limit) {
      await redis
        .multi()
        .incr(name(key))
        .pexpire(name(key), limit.windowSeconds * 1000, 'NX')
        .exec();
    },
    async clear(key) {
      await redis.del(name(key));
    },
    // The connection is the server's, closed by it.
    async close() {},
  };
}
