import { errorReply, type HealthReply, healthReply, readyReply } from '@axle/contract';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Database } from '../db/client.ts';
import { pendingMigrations } from '../db/migrate.ts';
import { DomainError } from '../domain/errors.ts';
import { publicCall } from './access.ts';
import { within } from './timeout.ts';

/** How long a dependency may take to answer a health check before it counts as down. */
export const HEALTH_TIMEOUT_MS = { database: 1_000, redis: 500 } as const;

export type HealthOptions = {
  database: Database;
  /** REDIS_URL's client; absent when the shop runs without Redis (`off`). */
  redis?: Redis | undefined;
  /** The durable queue's state (jobs.service's `queueHealth`). */
  queue: () => Promise<{ queue: 'ok' | 'late'; mail: 'ok' | 'retrying' | 'failed' }>;
};

const answers = (work: Promise<unknown>, ms: number) =>
  within(work, ms).then(
    () => true,
    () => false,
  );

/**
 * Health as load balancers read it (issue 34 #1), cheap, uncached and logged only at warn:
 * `GET /api/health` (liveness) answers 200 while the process serves, naming what is wrong around
 * it; `GET /api/ready` (readiness) answers 503 with Retry-After while the database does not answer
 * within a second or a migration of this release has not run.
 */
export const healthRoutes: FastifyPluginAsyncZod<HealthOptions> = async (
  app,
  { database, redis, queue },
) => {
  const quiet = { logLevel: 'warn' as const };

  app.get(
    '/api/health',
    {
      ...quiet,
      schema: {
        tags: ['operations'],
        operationId: 'checkHealth',
        security: publicCall,
        summary: 'Liveness: 200 while the shop serves, with what is wrong around it (degraded)',
        description:
          'Each check: the database (a query within a second), Redis (a PING within half a second; `off` without REDIS_URL), the durable queue (jobs due more than five minutes ago) and mail (mail being retried, or given up). `status` is `degraded` when one is not `ok`.',
        response: { 200: healthReply },
      },
    },
    async (): Promise<HealthReply> => {
      const [databaseUp, redisUp] = await Promise.all([
        answers(database.db.execute(sql`select 1`), HEALTH_TIMEOUT_MS.database),
        redis ? answers(redis.ping(), HEALTH_TIMEOUT_MS.redis) : Promise.resolve(null),
      ]);
      const jobs = databaseUp
        ? await within(queue(), HEALTH_TIMEOUT_MS.database).catch(() => null)
        : null;
      const checks: HealthReply['checks'] = {
        database: databaseUp ? 'ok' : 'down',
        redis: redisUp === null ? 'off' : redisUp ? 'ok' : 'down',
        queue: jobs?.queue ?? 'unknown',
        mail: jobs?.mail ?? 'unknown',
      };
      const fine = Object.values(checks).every((check) => check === 'ok' || check === 'off');
      return { status: fine ? 'ok' : 'degraded', database: database.kind, checks };
    },
  );

  app.get(
    '/api/ready',
    {
      ...quiet,
      schema: {
        tags: ['operations'],
        operationId: 'checkReady',
        security: publicCall,
        summary: 'Readiness: 200 when the database answers and every migration has run, else 503',
        response: { 200: readyReply, 503: errorReply },
      },
    },
    async (_request, reply) => {
      const pending = await within(
        pendingMigrations(database.db),
        HEALTH_TIMEOUT_MS.database,
      ).catch(() => null);
      if (pending === null) {
        reply.header('retry-after', '2');
        throw new DomainError(503, 'not_ready', 'The database does not answer yet');
      }
      if (pending > 0) {
        reply.header('retry-after', '5');
        throw new DomainError(
          503,
          'not_ready',
          `${pending} database ${pending === 1 ? 'migration has' : 'migrations have'} not run yet`,
        );
      }
      return { status: 'ready' as const };
    },
  );
};
