import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { type DestinationStream, type LevelWithSilent, type Logger, pino } from 'pino';
import { redactUrl } from './log-redaction.ts';

/**
 * pino's stdout (sonic-boom), written synchronously, as pino does by default, but in batches:
 * lines are kept until 2 KB are waiting or 10 ms have passed, and whatever is pending is written
 * when the process exits. One system call per line, or pino's asynchronous mode (each write
 * handed to libuv's thread pool), cost a cached read 6–10 µs of CPU, a sixth of its time. Chunks
 * stay at 4 KB (16 KB by default) because each line appended measures the chunk it joins again
 * (ADR 009).
 */
function stdout(): DestinationStream {
  const destination = pino.destination({
    sync: true,
    minLength: 2048,
    maxWrite: 4096,
    periodicFlush: 10,
  });
  // pino writes what is pending at exit only for its asynchronous destinations.
  process.once('exit', () => destination.flushSync());
  return destination;
}

/**
 * The server's one logger, for Fastify (its `loggerInstance`), the database client and the
 * mailer alike: pino's JSON lines at `level`. Fastify adds its serializers (a request shows its
 * method, URL, host and address, a reply its status, an error its stack); headers and bodies are
 * never logged. pino's redaction replaces the values of one-time secrets (e-mailed tokens, the
 * Google callback's code and state) in a logged URL, the access line's or a request's.
 */
export function createLogger(
  level: LevelWithSilent,
  destination: DestinationStream = stdout(),
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
 * stringified on every line, cost a cached read about a tenth of its throughput (ADR 009). A
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
