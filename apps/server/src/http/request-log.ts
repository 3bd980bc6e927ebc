import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { type DestinationStream, type LevelWithSilent, type Logger, pino } from 'pino';
import { redactUrl } from './log-redaction.ts';
import { batchedStdout } from './log-stream.ts';

/**
 * The server's one logger, for Fastify (its `loggerInstance`), the database client and the
 * mailer alike: pino's JSON lines at `level`, to stdout in batches (`batchedStdout`). Fastify
 * adds its serializers (a request shows its method, URL, host and address, a reply its status,
 * an error its stack); headers and bodies are never logged. pino's redaction replaces the values of one-time secrets (e-mailed tokens, the
 * Google callback's code and state) in a logged URL, the access line's or a request's.
 */
export function createLogger(
  level: LevelWithSilent,
  destination: DestinationStream = batchedStdout(),
): Logger {
  return pino(
    {
      level,
      redact: {
        paths: ['url', 'req.url'],
        censor: (value) => (typeof value === 'string' ? redactUrl(value) : value),
      },
    },
    destination,
  );
}

/**
 * Fastify's request logging with one line per request instead of two: nothing when a request
 * comes in, and when it completes the access line, through the request's own logger, which
 * carries the request id and, once a token was checked, the account (`userId`). Its fields are
 * flat (method, URL, status, time): Fastify's `req` and `res` objects, serialized and
 * stringified on every line, cost a cached read about a tenth of its throughput (ADR 011). A
 * failed request's line still carries them, with the error.
 */
export class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    if (error) {
      request.log.error(
        { req: request, res: reply, responseTime: reply.elapsedTime, err: error },
        'request errored',
      );
      return;
    }
    request.log.info(
      {
        method: request.method,
        url: request.url,
        statusCode: reply.statusCode,
        responseTime: reply.elapsedTime,
      },
      'request completed',
    );
  }
}
