import { within } from './timeout.ts';

// Redis is an accelerator, not a single point of failure (issue 34 #2): what the shop keeps there
// (rate limits' counters, failed sign-ins) falls back to this process's own counters, with the
// same limits per instance, while Redis does not answer; no request fails because of it.

/** How long a Redis command may take before this process counts on its own. */
export const REDIS_TIMEOUT_MS = 250;
/** While Redis is down, how long before a command is sent to it again. */
export const REDIS_RETRY_MS = 5_000;

export type RedisLink = {
  /** `remote` (a Redis command), or `local` while Redis is down or does not answer in time. */
  attempt<T>(remote: () => Promise<T>, local: () => Promise<T>): Promise<T>;
  /** Whether the last command failed: the counters are this process's. */
  readonly down: boolean;
};

/**
 * The state of the link to Redis: down at the first command that fails or is late (logged once,
 * then no command goes to Redis for REDIS_RETRY_MS), up again at the first that answers (logged
 * once). A late command is left to finish or fail on its own.
 */
/** Where the link says it fell and came back: the app's logger. */
export type LinkLog = {
  warn(fields: object, message: string): void;
  info(fields: object, message: string): void;
};

export function createRedisLink(log: LinkLog, now: () => number = Date.now): RedisLink {
  let downSince: number | null = null;
  let retryAt = 0;
  return {
    get down() {
      return downSince !== null;
    },
    async attempt(remote, local) {
      if (downSince !== null && now() < retryAt) return local();
      let result: Awaited<ReturnType<typeof remote>>;
      try {
        result = await within(remote(), REDIS_TIMEOUT_MS);
      } catch (error) {
        if (downSince === null) {
          downSince = now();
          log.warn(
            { err: error },
            'Redis does not answer: rate limits count in this process until it is back',
          );
        }
        retryAt = now() + REDIS_RETRY_MS;
        return local();
      }
      if (downSince !== null) {
        log.info({ downMs: now() - downSince }, 'Redis is back: rate limits are shared again');
        downSince = null;
      }
      return result;
    },
  };
}
