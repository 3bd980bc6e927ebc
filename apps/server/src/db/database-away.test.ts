// Issue 34 #3: PostgreSQL restarting or failing over. Through a fault proxy that refuses the
// connection, a request that needs the database is answered 503 with Retry-After within about two
// seconds (never a hang for the pool's whole timeout, never a 500), and once the database is back
// the pool reconnects by itself: the next requests are served with no restart. What counts as the
// database being away, and what does not (a payment provider out of reach, a refused query).
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FaultProxy, postgresFaultProxy } from '../../test/fault-proxy.ts';
import { testDatabaseKind } from '../../test/test-app.ts';
import { databaseUnreachableMessage, registerErrorHandler } from '../http/errors.ts';
import { type Database, openPostgresDatabase } from './client.ts';
import { databaseUnreachable } from './errors.ts';

describe('what counts as the database being away', () => {
  it('a lost or refused connection, or a server shutting down; not a refused query or another service', () => {
    const query = (cause: object) =>
      Object.assign(new Error('Failed query: select 1'), { query: 'select 1', params: [], cause });
    expect(databaseUnreachable(query({ code: 'ECONNREFUSED' }))).toBe(true);
    expect(databaseUnreachable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(databaseUnreachable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(databaseUnreachable(query({ code: '57P01', severity: 'FATAL' }))).toBe(true);
    expect(databaseUnreachable(query({ code: '53300', severity: 'FATAL' }))).toBe(true);
    expect(databaseUnreachable(Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }))).toBe(
      false,
    );
    expect(databaseUnreachable(query({ code: '23505' }))).toBe(false);
    expect(databaseUnreachable(new Error('Something else'))).toBe(false);
  });
});

describe.skipIf(testDatabaseKind !== 'postgres')('PostgreSQL away and back', () => {
  let proxy: FaultProxy;
  let database: Database;
  let app: ReturnType<typeof Fastify>;

  beforeAll(async () => {
    const through = await postgresFaultProxy(process.env.TEST_DATABASE_URL ?? '');
    proxy = through.proxy;
    database = openPostgresDatabase(through.url, { max: 2 });
    app = Fastify();
    registerErrorHandler(app);
    app.get('/probe', async () => {
      await database.db.execute(sql`select 1`);
      return { ok: true };
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close().catch(() => undefined);
    await proxy.close();
  });

  it('answers 503 with Retry-After within about two seconds, and serves again by itself once it is back', async () => {
    expect((await app.inject({ url: '/probe' })).statusCode).toBe(200);

    proxy.set('refuse');
    for (let i = 0; i < 3; i += 1) {
      const started = Date.now();
      const res = await app.inject({ url: '/probe' });
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers['retry-after']).toBe('2');
      expect(res.json()).toEqual({
        error: { code: 'unavailable', message: databaseUnreachableMessage },
      });
      expect(Date.now() - started).toBeLessThan(2_500);
    }

    proxy.set('pass');
    const back = Date.now();
    await expect
      .poll(async () => (await app.inject({ url: '/probe' })).statusCode, { timeout: 5_000 })
      .toBe(200);
    expect(Date.now() - back).toBeLessThan(5_000);
  });

  it("a server that keeps the connection but never answers costs a request two seconds, not the server's silence", async () => {
    // Both pooled connections open and idle, as on a shop that was serving.
    await Promise.all([app.inject({ url: '/probe' }), app.inject({ url: '/probe' })]);

    proxy.set('hang');
    // The first two meet the pooled connections (their query is watched, then cut); the third
    // needs a new connection, which the pool gives up on.
    for (let i = 0; i < 3; i += 1) {
      const started = Date.now();
      const res = await app.inject({ url: '/probe' });
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers['retry-after']).toBe('2');
      expect(Date.now() - started).toBeLessThan(2_600);
    }

    // Connections held mid-reply are cut rather than resumed out of step, then the server is back.
    proxy.set('refuse');
    proxy.set('pass');
    const back = Date.now();
    await expect
      .poll(async () => (await app.inject({ url: '/probe' })).statusCode, { timeout: 5_000 })
      .toBe(200);
    expect(Date.now() - back).toBeLessThan(5_000);
  });

  it("a query that is merely slow runs to its end: the server answers the pool's question", async () => {
    const started = Date.now();
    const { rows } = (await database.db.execute(sql`select pg_sleep(2.5), 1 as one`)) as {
      rows: unknown[];
    };
    expect(rows).toEqual([expect.objectContaining({ one: 1 })]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_500);
  });
});
