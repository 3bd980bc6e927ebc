// Issue 34 #1: health as load balancers read it. Liveness answers 200 while the shop serves and
// names what is wrong around it (the database, Redis, the queue, mail); readiness answers 503
// with Retry-After while the database does not answer or a migration has not run. A database or
// Redis that hangs costs a check its timeout, never the request's whole life.
import { healthReply } from '@axle/contract';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import type { Database } from '../db/client.ts';
import { enqueueJob } from '../features/jobs/jobs.service.ts';
import { registerErrorHandler } from './errors.ts';
import { healthRoutes } from './health.ts';

const never = () => new Promise<never>(() => {});

/** The health routes alone, on a database and Redis the test makes misbehave. */
async function healthApp(
  execute: () => Promise<unknown>,
  redis?: Pick<Redis, 'ping'>,
  queue = async () => ({ queue: 'ok' as const, mail: 'ok' as const }),
) {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  const database = { db: { execute }, kind: 'postgres' } as unknown as Database;
  await app.register(healthRoutes, { database, redis: redis as Redis | undefined, queue });
  await app.ready();
  return app;
}

describe('GET /api/health and /api/ready on a working shop', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers ok, Redis off, and ready', async () => {
    const health = await t.app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(healthReply.parse(health.json())).toEqual({
      status: 'ok',
      database: expect.any(String),
      checks: { database: 'ok', redis: 'off', queue: 'ok', mail: 'ok' },
    });
    const ready = await t.app.inject({ url: '/api/ready' });
    expect([ready.statusCode, ready.json()]).toEqual([200, { status: 'ready' }]);
  });

  it('says the queue is late and mail failing, still 200', async () => {
    await enqueueJob(t.db, { kind: 'order-placed', payload: { orderId: crypto.randomUUID() } });
    await t.db.execute(sql`update jobs set run_at = now() - interval '10 minutes'`);
    let health = healthReply.parse((await t.app.inject({ url: '/api/health' })).json());
    expect([health.status, health.checks.queue, health.checks.mail]).toEqual([
      'degraded',
      'late',
      'ok',
    ]);
    await t.db.execute(sql`delete from jobs`);
    await enqueueJob(t.db, {
      kind: 'mail',
      payload: { to: 'a@b.test', subject: 'Hi', text: 'Hi', html: '<p>Hi</p>' },
    });
    await t.db.execute(sql`update jobs set attempts = 2`);
    health = healthReply.parse((await t.app.inject({ url: '/api/health' })).json());
    expect(health.checks.mail).toBe('retrying');
    // (The test app runs the queue after each call: that mail went out; another one gives up.)
    await enqueueJob(t.db, {
      kind: 'mail',
      payload: { to: 'c@d.test', subject: 'Hi', text: 'Hi', html: '<p>Hi</p>' },
    });
    await t.db.execute(sql`update jobs set state = 'dead', attempts = 10`);
    health = healthReply.parse((await t.app.inject({ url: '/api/health' })).json());
    expect([health.status, health.checks.mail, health.checks.queue]).toEqual([
      'degraded',
      'failed',
      'ok',
    ]);
    await t.db.execute(sql`delete from jobs`);
  });
});

describe('health when what is around the shop misbehaves', () => {
  it('a database that hangs: alive but degraded, not ready (503, Retry-After) within about a second', async () => {
    const app = await healthApp(never);
    const started = Date.now();
    const health = await app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({
      status: 'degraded',
      database: 'postgres',
      checks: { database: 'down', redis: 'off', queue: 'unknown', mail: 'unknown' },
    });
    const ready = await app.inject({ url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.headers['retry-after']).toBe('2');
    expect(ready.json()).toEqual({
      error: { code: 'not_ready', message: 'The database does not answer yet' },
    });
    expect(Date.now() - started).toBeLessThan(4_000);
    await app.close();
  });

  it('a database that refuses: down at once', async () => {
    const app = await healthApp(() => Promise.reject(new Error('connection refused')));
    const health = healthReply.parse((await app.inject({ url: '/api/health' })).json());
    expect(health.checks.database).toBe('down');
    expect((await app.inject({ url: '/api/ready' })).statusCode).toBe(503);
    await app.close();
  });

  it('a database without this release’s migrations: not ready', async () => {
    const app = await healthApp(async () => ({ rows: [{ applied: 3 }] }));
    const ready = await app.inject({ url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.headers['retry-after']).toBe('5');
    expect(ready.json().error.message).toMatch(/^\d+ database migrations have not run yet$/);
    await app.close();
  });

  it('Redis that hangs or refuses: degraded, still 200', async () => {
    for (const redis of [
      { ping: never },
      { ping: () => Promise.reject(new Error('ECONNREFUSED')) },
    ]) {
      const app = await healthApp(async () => ({ rows: [] }), redis);
      const health = await app.inject({ url: '/api/health' });
      expect(health.statusCode).toBe(200);
      expect(healthReply.parse(health.json())).toMatchObject({
        status: 'degraded',
        checks: { database: 'ok', redis: 'down' },
      });
      await app.close();
    }
    const app = await healthApp(async () => ({ rows: [] }), { ping: async () => 'PONG' });
    expect(healthReply.parse((await app.inject({ url: '/api/health' })).json())).toMatchObject({
      status: 'ok',
      checks: { redis: 'ok' },
    });
    await app.close();
  });
});
