import { type FieldError, humanError } from '@axle/contract';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { databaseUnreachable, diskFull } from '../db/errors.ts';
import { DomainError, TooManyRequests } from '../domain/errors.ts';

const codeByStatus: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};

export function errorBody(code: string, message: string, fields?: FieldError[]) {
  return { error: fields ? { code, message, fields } : { code, message } };
}

/**
 * The reply's one message for several refused values: each field's own sentence once, in order,
 * as sentences (a single message stays exactly as the contract words it).
 */
export function fieldsMessage(fields: readonly FieldError[]): string {
  const messages = [...new Set(fields.map((field) => field.message))];
  if (messages.length === 1) return messages[0] ?? '';
  return messages.map((message) => (/[.!?]$/.test(message) ? message : `${message}.`)).join(' ');
}

const securityEvents: Record<number, string> = {
  401: 'unauthenticated',
  403: 'forbidden',
  429: 'rate-limited',
};

/**
 * Refused access goes to the structured log as a security event (a failed sign-in is an
 * 'unauthenticated' event on the login route): the route and the caller's address (and the
 * account id, which the request's logger carries once a token was checked). Never a body, a token
 * or a password.
 */
function logSecurityEvent(request: FastifyRequest, status: number): void {
  const event = securityEvents[status];
  if (!event) return;
  request.log.warn(
    {
      security: event,
      method: request.method,
      route: request.routeOptions.url,
      ip: request.ip,
    },
    'access refused',
  );
}

/**
 * Every error reply is `{ error: { code, message } }`; a 5xx never shows internals. A request the
 * schemas refuse is an `invalid` with `fields`: each refused value's path inside the body, query,
 * path or headers, and its message for a person (the contract's own, else `humanError`'s).
 */
/** What a request that needed the database while it was away is told. */
export const databaseUnreachableMessage =
  'The shop cannot reach its database just now. Please try again in a moment.';
const DATABASE_RETRY_AFTER_SECONDS = 2;
/** What a request is told when the disk (the database's or the uploads') has no room for its write. */
export const insufficientStorageMessage =
  'The shop has no room to save this just now. Please try again later.';

export function registerErrorHandler(app: FastifyInstance): void {
  // zod's own words are a developer's; the schemas' messages, where they have none, are these.
  z.config({ customError: humanError });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof DomainError) {
      logSecurityEvent(request, error.statusCode);
      if (error instanceof TooManyRequests)
        reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.code(error.statusCode).send(errorBody(error.code, error.message));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = error.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: issue.message ?? '',
      }));
      return reply.code(400).send(errorBody('invalid', fieldsMessage(fields), fields));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply
        .code(status)
        .send(errorBody(codeByStatus[status] ?? `http_${status}`, error.message));
    }
    // A full disk (issue 34 #5): the write was refused whole (the database's statement, or a file
    // written under a temporary name), reads go on, and the same request succeeds once space is
    // freed. An operator must act, hence an error in the log.
    if (diskFull(error)) {
      request.log.error({ err: error }, 'no room left on the disk');
      return reply.code(507).send(errorBody('insufficient_storage', insufficientStorageMessage));
    }
    // The database away (a restart, a failover): the caller may try again in a moment, and the
    // pool reconnects by itself (issue 34 #3).
    if (databaseUnreachable(error)) {
      request.log.warn({ err: error }, 'database unreachable');
      return reply
        .code(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send(errorBody('unavailable', databaseUnreachableMessage));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .code(500)
      .send(errorBody('internal', 'Something went wrong on our side. Please try again.'));
  });
}
