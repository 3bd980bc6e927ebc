import { createHash } from 'node:crypto';
import { errorReply } from '@axle/contract';
import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onSendHookHandler,
  preHandlerAsyncHookHandler,
  preHandlerHookHandler,
  RouteOptions,
} from 'fastify';
import { z } from 'zod';
import { type Attempt, markCommittedWork, runAttempt, WORK_DONE } from '../db/attempt.ts';
import type { Db } from '../db/client.ts';
import { databaseUnreachable } from '../db/errors.ts';
import { idempotencyKeys } from '../db/idempotency.table.ts';
import { canonical } from './canonical-json.ts';
import { errorBody } from './errors.ts';

// Idempotency keys (issue 30 #1), as Stripe takes them: a call that creates or changes something
// may carry an `Idempotency-Key`; the same key with the same request from the same caller within
// a day answers the first reply again instead of doing the work twice. A route opts in with
// `config: { idempotent: true }`.

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes an `Idempotency-Key` header (http/idempotency.ts). */
    idempotent?: boolean;
  }
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Set on a reply that answers a retry with the first reply. */
export const REPLAYED_HEADER = 'idempotent-replayed';
/** How long a key and its reply are kept: a retry within a day gets the first reply. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60_000;
/**
 * How long a call holds its key while it runs: a second call with the key meanwhile is refused
 * (409, Retry-After: 1); a call that died holding it frees the key once this has passed.
 */
export const IDEMPOTENCY_LOCK_MS = 60_000;
/** Keys one purge statement deletes at most: a short statement, repeated. */
const PURGE_BATCH = 1_000;

export const idempotencyMessages = {
  key: 'An Idempotency-Key is 1 to 255 visible ASCII characters (letters, digits and punctuation, no spaces), such as a UUID.',
  reused:
    'This Idempotency-Key was already used for a different request. Use a new key for a new request.',
  inUse: 'A request with this Idempotency-Key is still being worked on. Try again in a moment.',
  done: 'This request was already carried out, but its answer was lost on the way. Reload the page to see the result before doing it again.',
} as const;

/** How often a key's settling that met the database away is tried again, until its lock passes. */
const SETTLE_RETRY_MS = 1_000;

const idempotencyHeaders = z.looseObject({
  [IDEMPOTENCY_HEADER]: z
    .string()
    .regex(/^[\x21-\x7E]{1,255}$/, idempotencyMessages.key)
    .optional()
    .meta({
      description:
        'Makes a retry harmless: the same key with the same request (route parameters and body) within 24 hours answers the first reply (with `Idempotent-Replayed: true`) and does nothing again. The key is yours alone; use a new one (a UUID) for each new request. The same key with another request is a 409; while the first request with it still runs, a second gets a 409 with `Retry-After: 1`. A successful (2xx) reply is kept; after a refusal that changed nothing the same request may be sent again with the same key. When the work was done but its reply was lost (the database away, a crash), a retry is a 409 `idempotency_key_done`, never done twice.',
    }),
});

/**
 * Completes an opted-in route's schema (before the OpenAPI document and the validator see it): the
 * header, checked by its pattern (a 400 otherwise), and the 409 of a key used for something else.
 */
function completeRoute(route: RouteOptions): void {
  if (!route.config?.idempotent) return;
  route.schema ??= {};
  if (route.schema.headers !== undefined)
    throw new Error(`${route.url}: an idempotent route takes no headers schema of its own`);
  route.schema.headers = idempotencyHeaders;
  const response = (route.schema.response ?? {}) as Record<string, unknown>;
  response[409] ??= errorReply;
  route.schema.response = response;
}

/** What a request is, for its key: the route, and its parameters and body as the schemas read them. */
function fingerprintOf(request: FastifyRequest): string {
  const { params, query, body } = request;
  return createHash('sha256').update(canonical({ params, query, body })).digest('base64url');
}

/**
 * Keys older than a day are deleted, oldest first, a batch at a time through the created_at index;
 * says how many went.
 */
export async function purgeIdempotencyKeys(db: Db, now: () => Date): Promise<number> {
  const cutoff = new Date(now().getTime() - IDEMPOTENCY_KEY_TTL_MS);
  let purged = 0;
  for (;;) {
    const old = db
      .select({ userId: idempotencyKeys.userId, key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(lt(idempotencyKeys.createdAt, cutoff))
      .orderBy(asc(idempotencyKeys.createdAt))
      .limit(PURGE_BATCH);
    const gone = await db
      .delete(idempotencyKeys)
      .where(sql`(${idempotencyKeys.userId}, ${idempotencyKeys.key}) in (${old})`)
      .returning({ key: idempotencyKeys.key });
    purged += gone.length;
    if (gone.length < PURGE_BATCH) return purged;
  }
}

export type IdempotencyOptions = {
  db: Db;
  now: () => Date;
};

/**
 * Idempotency keys for the routes that opt in (`config: { idempotent: true }`), in Fastify's
 * pipeline: once the caller and the request are known (preHandler), the key is claimed in one
 * atomic statement, so that of two requests with one key (two instances, a double click) exactly
 * one does the work; the other answers the first's reply once it is kept, or a 409 while it runs.
 * The work marks the key done as it commits (db/attempt.ts). When the reply
 * leaves (onSend), a 2xx is kept with its key; any other releases the key if no work committed,
 * so that the same request can be tried again; a key whose work committed but whose reply is an
 * error answers a retry with a 409 saying so. When the database is away at that moment (issue 34
 * #3), this is tried again each second until the key's lock passes, so that a retry once it is back
 * is neither refused as still running nor done twice. Without the header, nothing changes.
 *
 * Registered before any route (its `onRoute` hook completes theirs) and before the compression
 * plugin, so that the reply it keeps is the JSON text rather than its compressed bytes.
 */
export function registerIdempotency(app: FastifyInstance, options: IdempotencyOptions): void {
  const { db, now } = options;
  const held = new WeakMap<FastifyRequest, Attempt>();
  const byKey = (userId: string, key: string) =>
    and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));
  markCommittedWork(db);

  const refuse = (reply: FastifyReply, code: string, message: string) =>
    reply.code(409).send(errorBody(code, message));

  // The handler runs in the store of the key it holds, so that its transactions find it. The last
  // preHandler: its `done` calls the handler (a body's events would run it in another context).
  const enter: preHandlerHookHandler = (request, _reply, done) => {
    const holding = held.get(request);
    if (holding) runAttempt(holding, done);
    else done();
  };

  const claim: preHandlerAsyncHookHandler = async (request, reply) => {
    const key = request.headers[IDEMPOTENCY_HEADER];
    if (typeof key !== 'string') return;
    const { id: userId } = await request.currentUser();
    const operation = `${request.method} ${request.routeOptions.url}`;
    const fingerprint = fingerprintOf(request);
    // A key released by its call between two of these statements is claimed on the next round.
    for (let round = 0; round < 3; round++) {
      const at = now();
      const lockedUntil = new Date(at.getTime() + IDEMPOTENCY_LOCK_MS);
      const fresh = {
        operation,
        fingerprint,
        status: null,
        reply: null,
        lockedUntil,
        createdAt: at,
      };
      // Held before it is claimed: if the claim meets the database away, its statement may have
      // committed all the same, and the reply's settling (onSend) releases what it took.
      const holding = { userId, key, lockedUntil };
      held.set(request, holding);
      const claimed = await db
        .insert(idempotencyKeys)
        .values({ userId, key, ...fresh })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      // A key whose day is over is new again; one held by a call that died is free once its lock
      // has passed. Conditional, so that of two takers one wins.
      const taken =
        claimed.length > 0
          ? claimed
          : await db
              .update(idempotencyKeys)
              .set(fresh)
              .where(
                and(
                  byKey(userId, key),
                  or(
                    lt(idempotencyKeys.createdAt, new Date(at.getTime() - IDEMPOTENCY_KEY_TTL_MS)),
                    and(isNull(idempotencyKeys.status), lt(idempotencyKeys.lockedUntil, at)),
                  ),
                ),
              )
              .returning({ key: idempotencyKeys.key });
      if (taken.length > 0) return;
      held.delete(request);
      const [first] = await db.select().from(idempotencyKeys).where(byKey(userId, key));
      if (!first) continue;
      if (first.operation !== operation || first.fingerprint !== fingerprint)
        return refuse(reply, 'idempotency_key_reused', idempotencyMessages.reused);
      if (first.status === null) break;
      // Done, its reply not kept yet: while its call may still be answering, a twin waits for the
      // reply; once the lock has passed, the reply was lost, and the retry is told the work was done.
      if (first.status === WORK_DONE) {
        if (first.lockedUntil > at) break;
        return refuse(reply, 'idempotency_key_done', idempotencyMessages.done);
      }
      // The first reply again, through the route's reply schema as it went the first time.
      return reply.code(first.status).header(REPLAYED_HEADER, 'true').send(first.reply);
    }
    reply.header('retry-after', '1');
    return refuse(reply, 'idempotency_key_in_use', idempotencyMessages.inUse);
  };

  /**
   * Keeps a 2xx reply with its key, or releases the key of a call whose work did not commit; a
   * key whose work committed keeps saying so. Only while the key is still this call's (its lock
   * has not passed and been taken over).
   */
  const settle = async (holding: Attempt, status: number, payload: unknown) => {
    const own = and(
      byKey(holding.userId, holding.key),
      eq(idempotencyKeys.lockedUntil, holding.lockedUntil),
    );
    if (status >= 200 && status < 300 && typeof payload === 'string') {
      await db
        .update(idempotencyKeys)
        .set({ status, reply: JSON.parse(payload) })
        .where(and(own, or(isNull(idempotencyKeys.status), eq(idempotencyKeys.status, WORK_DONE))));
      return;
    }
    const released = await db
      .delete(idempotencyKeys)
      .where(and(own, isNull(idempotencyKeys.status)))
      .returning({ key: idempotencyKeys.key });
    if (released.length > 0) return;
    // Work committed, then a refusal: a retry hears the refusal again. After a fault of the shop's
    // the key stays WORK_DONE with its lock ended now (the call has answered): a retry is told at
    // once that the work was done.
    await db
      .update(idempotencyKeys)
      .set(
        status < 500 && typeof payload === 'string'
          ? { status, reply: JSON.parse(payload) }
          : { lockedUntil: now() },
      )
      .where(and(own, eq(idempotencyKeys.status, WORK_DONE)));
  };

  /**
   * Settles the key as the reply leaves. With the database away, tried again each second until
   * the key's lock passes, so that a retry once it is back is neither refused as still running nor
   * done twice; otherwise the key stays held until its lock passes. The reply goes out all the same.
   */
  const settleWhenPossible = async (
    request: FastifyRequest,
    holding: Attempt,
    status: number,
    payload: unknown,
    retry = false,
  ): Promise<void> => {
    try {
      await settle(holding, status, payload);
      if (retry)
        request.log.info('kept the outcome of an idempotency key once the database was back');
    } catch (error) {
      if (databaseUnreachable(error) && now() < holding.lockedUntil)
        setTimeout(
          () => void settleWhenPossible(request, holding, status, payload, true),
          SETTLE_RETRY_MS,
        ).unref();
      else request.log.error({ err: error }, 'could not keep the outcome of an idempotency key');
    }
  };

  const complete: onSendHookHandler = async (request, reply, payload) => {
    const holding = held.get(request);
    if (!holding) return payload;
    held.delete(request);
    await settleWhenPossible(request, holding, reply.statusCode, payload);
    return payload;
  };

  app.addHook('onRoute', (route) => {
    if (!route.config?.idempotent) return;
    completeRoute(route);
    const own = (hooks: unknown) =>
      hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];
    route.preHandler = [...own(route.preHandler), claim, enter];
    route.onSend = [...own(route.onSend), complete];
  });
}
