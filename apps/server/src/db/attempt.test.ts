// An attempt's work marks its Idempotency-Key in the transaction that commits it (issue 34 #3): a
// retry after the reply was lost is never done twice. On a bare route with the shop's
// idempotency pipeline: work committed then a fault of the shop's (the retry is told it was
// done), work committed then a refusal (the retry hears the refusal again), work that never
// committed (the retry does it), and no key marked outside an attempt.
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../test/test-app.ts';
import { errorBody, registerErrorHandler } from '../http/errors.ts';
import { idempotencyMessages, registerIdempotency } from '../http/idempotency.ts';
import { WORK_DONE } from './attempt.ts';
import { idempotencyKeys } from './schema.ts';

const userId = '00000000-0000-4000-8000-00000000a11c';
let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  database = await openTestDatabase();
  const { db } = database;
  await db.execute(sql`create table work_log (done text)`);
  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  app.decorateRequest('currentUser', async () => ({ id: userId }) as never);
  registerIdempotency(app, { db, now: () => new Date() });
  // The work commits, then the route ends as the body says; `before` fails inside the transaction.
  app.post<{ Body: { ending: 'ok' | 'fault' | 'refuse' | 'before'; label: string } }>(
    '/work',
    { config: { idempotent: true } },
    async (request, reply) => {
      const { ending, label } = request.body;
      await db.transaction(async (tx) => {
        await tx.execute(sql`insert into work_log values (${label})`);
        if (ending === 'before') throw new Error('failed before the commit');
      });
      if (ending === 'fault') throw new Error('failed after the commit');
      if (ending === 'refuse') return reply.code(422).send(errorBody('refused', 'Not like that.'));
      return { done: label };
    },
  );
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.dispose();
});

const work = (body: object, key?: string) =>
  app.inject({
    method: 'POST',
    url: '/work',
    headers: key ? { 'idempotency-key': key } : {},
    payload: body,
  });
const runs = async (label: string) => {
  const counted = await database.db.execute(
    sql`select count(*)::int as n from work_log where done = ${label}`,
  );
  return (counted as unknown as { rows: { n: number }[] }).rows[0]?.n;
};

describe("an attempt's work", () => {
  it('committed, then a fault of the shop: the retry is told it was done and does nothing', async () => {
    const key = crypto.randomUUID();
    expect((await work({ ending: 'fault', label: 'a' }, key)).statusCode).toBe(500);
    const retry = await work({ ending: 'fault', label: 'a' }, key);
    expect(retry.statusCode).toBe(409);
    expect(retry.json()).toEqual({
      error: { code: 'idempotency_key_done', message: idempotencyMessages.done },
    });
    expect(await runs('a')).toBe(1);
  });

  it('committed, then refused: the retry hears the refusal again and does nothing', async () => {
    const key = crypto.randomUUID();
    const first = await work({ ending: 'refuse', label: 'b' }, key);
    expect(first.statusCode).toBe(422);
    const retry = await work({ ending: 'refuse', label: 'b' }, key);
    expect(retry.statusCode).toBe(422);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toBe(first.body);
    expect(await runs('b')).toBe(1);
  });

  it('never committed: the key is free again and the retry does the work once', async () => {
    const key = crypto.randomUUID();
    expect((await work({ ending: 'before', label: 'c' }, key)).statusCode).toBe(500);
    expect(await runs('c')).toBe(0);
    const retry = await work({ ending: 'ok', label: 'c' }, key);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(await runs('c')).toBe(1);
  });

  it('marks no key outside an attempt, and keeps a 2xx reply over its mark', async () => {
    const before = await database.db.select().from(idempotencyKeys);
    expect((await work({ ending: 'ok', label: 'd' })).statusCode).toBe(200);
    expect(await database.db.select().from(idempotencyKeys)).toHaveLength(before.length);
    const key = crypto.randomUUID();
    expect((await work({ ending: 'ok', label: 'e' }, key)).statusCode).toBe(200);
    const kept = (await database.db.select().from(idempotencyKeys)).find((row) => row.key === key);
    expect(kept?.status).toBe(200);
    expect(kept?.status).not.toBe(WORK_DONE);
  });
});
