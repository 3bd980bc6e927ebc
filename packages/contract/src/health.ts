import { z } from 'zod';

/**
 * `GET /api/health` (liveness, issue 34 #1): 200 while the process serves, naming what is wrong
 * around it. `degraded` when a check is not `ok` (Redis `off`: not configured, which is fine).
 */
export const healthReply = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['embedded', 'postgres']),
  checks: z.object({
    /** `down`: it did not answer within a second. */
    database: z.enum(['ok', 'down']),
    redis: z.enum(['ok', 'down', 'off']),
    /** `late`: jobs due more than five minutes ago still wait; `unknown` while the database is down. */
    queue: z.enum(['ok', 'late', 'unknown']),
    /** `retrying`: mail that failed is being tried again; `failed`: mail gave up, for an admin to retry. */
    mail: z.enum(['ok', 'retrying', 'failed', 'unknown']),
  }),
});
export type HealthReply = z.infer<typeof healthReply>;

/** `GET /api/ready` (readiness): 200 when the database answers and every migration has run. */
export const readyReply = z.object({ status: z.literal('ready') });
