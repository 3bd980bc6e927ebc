import { Readable } from 'node:stream';
import { errorReply } from '@axle/contract';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { z } from 'zod';
import { Invalid } from '../domain/errors.ts';

/** Whether any string in a JSON-like value (keys included) holds a NUL character. */
function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  // Bytes (an uploaded picture, a webhook's raw body) are not text.
  if (ArrayBuffer.isView(value)) return false;
  // A body read as it arrives (a catalogue file) is checked by its reader, line by line.
  if (value instanceof Readable) return false;
  if (Array.isArray(value)) return value.some((item) => holdsNul(item, depth + 1));
  return Object.entries(value).some(
    ([key, item]) => key.includes('\u0000') || holdsNul(item, depth + 1),
  );
}

/** Methods whose requests may carry a body, which Fastify reads whatever the route. */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Whether a route is one of the API's (its files and pages are the web app's, with any query). */
export const isApiPath = (url: string) => url.startsWith('/api/');

type ZodObjectLike = {
  shape: Record<string, unknown>;
  _zod: { def: { catchall?: { _zod: { def: { type: string } } } } };
};
const isZodObject = (schema: unknown): schema is ZodObjectLike =>
  typeof schema === 'object' &&
  schema !== null &&
  'shape' in schema &&
  '_zod' in schema &&
  typeof (schema as ZodObjectLike).shape === 'object';

/**
 * The query parameters a route takes, by its query schema; `undefined` when it takes any (a
 * `z.looseObject`, such as the identity provider's callback, whose parameters are the provider's).
 */
const declaredKeys = new WeakMap<object, ReadonlySet<string> | undefined>();
function queryKeys(schema: unknown): ReadonlySet<string> | undefined {
  if (!isZodObject(schema)) return undefined;
  if (!declaredKeys.has(schema)) {
    const loose = schema._zod.def.catchall?._zod.def.type === 'unknown';
    declaredKeys.set(schema, loose ? undefined : new Set(Object.keys(schema.shape)));
  }
  return declaredKeys.get(schema);
}

/**
 * Every API route's schema, completed with what every API route does:
 * - a query parameter the route does not declare is refused (400): a route without a query schema
 *   gets an empty strict one, and the contract's query schemas are strict themselves. Nothing
 *   unknown reaches a handler or the reply cache, so an attacker cannot make a new cache key (or
 *   a new log line's worth of work) out of `?junk=…`;
 * - the document names the refusals every route can give: 400 (an unknown query parameter, text
 *   with a NUL character, a malformed body), and for a method that may carry a body, 413 (too
 *   large) and 415 (not JSON, or not a content type the route takes).
 * The web app's files and pages are left alone: `?v=…` cache-busting and the pages' own queries
 * (`/parts?page=2`) keep working.
 */
function completeApiRoute(route: RouteOptions): void {
  if (!isApiPath(route.url)) return;
  route.schema ??= {};
  const schema = route.schema;
  schema.querystring ??= z.strictObject({});
  // A new route cannot quietly take any parameter: its query schema is strict, or says that it
  // takes any (z.looseObject); a plain z.object would drop unknown ones without a word.
  const query = schema.querystring;
  if (isZodObject(query) && query._zod.def.catchall === undefined)
    throw new Error(
      `${route.url}: its query schema must be z.strictObject (or z.looseObject to take any)`,
    );
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  const refusals: Record<number, unknown> = { 400: errorReply };
  if (methods.some((method) => BODY_METHODS.has(method))) {
    refusals[413] = errorReply;
    refusals[415] = errorReply;
  }
  const response = (schema.response ?? {}) as Record<string, unknown>;
  for (const [status, reply] of Object.entries(refusals)) response[status] ??= reply;
  schema.response = response;
}

/**
 * Input checks every call shares, before its own schema:
 * - text with a NUL character is refused with a 400 (PostgreSQL text cannot hold one, and no
 *   name, address or e-mail has one), in the body, the query and the path alike;
 * - only JSON bodies (and the content types a route adds itself, such as an uploaded picture)
 *   are taken: Fastify's built-in text/plain parser is removed, so plain text gets a 415;
 * - an API call with a query parameter its route does not declare is refused with a 400.
 * Registered before any route, so that its `onRoute` hook sees them all.
 */
export function registerInputGuards(app: FastifyInstance): void {
  app.removeContentTypeParser('text/plain');
  app.addHook('onRoute', completeApiRoute);
  app.addHook('preValidation', async (request) => {
    // Before the schemas (whose first refusal may be the body's): named, whatever else is wrong.
    const known = queryKeys(request.routeOptions.schema?.querystring);
    if (known) {
      const unknown = Object.keys(request.query as object).filter((key) => !known.has(key));
      if (unknown.length > 0)
        throw new Invalid(
          `Unknown query parameter${unknown.length > 1 ? 's' : ''}: ${unknown
            .slice(0, 5)
            .map((key) => JSON.stringify(key.slice(0, 40)))
            .join(', ')}`,
        );
    }
    if (holdsNul(request.params) || holdsNul(request.query) || holdsNul(request.body))
      throw new Invalid('Text must not contain NUL characters');
  });
}
