import type { IncomingMessage, ServerResponse } from 'node:http';
import { hostname } from 'node:os';
import {
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';
import { type LoggedRequest, serializeRequest } from './log-redaction.ts';

type LogStream = { write(line: string): void };
type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildLoggerOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;
type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/**
 * Request ids, as Fastify's own generator makes them (`req-1`, `req-2`, … in base 36, wrapping
 * at 2^31), shared by Fastify and the cached replies the HTTP server answers itself, so that no
 * two requests of one process carry the same id.
 */
function requestIds(): () => string {
  let next = 0;
  return () => {
    next = (next + 1) & 0x7fffffff;
    return `req-${next.toString(36)}`;
  };
}

/** pino's numbers for its levels: a line is written when its level is at least the logger's. */
const INFO = 30;
const LEVELS: Record<string, number> = {
  trace: 10,
  debug: 20,
  info: INFO,
  warn: 40,
  error: 50,
  fatal: 60,
  silent: Number.POSITIVE_INFINITY,
};

/** Whether a logger at `level` writes access lines (they are written at info). */
const logsInfo = (level: string) => (LEVELS[level] ?? 0) <= INFO;

/**
 * A request's logger (`request.log`) that makes its pino child only when something logs through
 * it. Most requests log nothing but their access line, which RequestLog writes from `bindings`
 * (the request id, and the account once a token was checked) without a child: making one per
 * request was a measurable part of a cached reply's time. A child of this logger is another one
 * with more bindings, still without a pino child.
 */
class RequestLogger implements FastifyBaseLogger {
  #logger: FastifyBaseLogger | undefined;

  constructor(
    readonly parent: FastifyBaseLogger,
    readonly bindings: Bindings,
  ) {}

  #real(): FastifyBaseLogger {
    this.#logger ??= this.parent.child(this.bindings);
    return this.#logger;
  }

  #write(level: Level, args: unknown[]): void {
    const logger = this.#real();
    Reflect.apply(logger[level], logger, args);
  }

  get level(): string {
    return this.#logger?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.#real().level = level;
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    if (options && Object.keys(options).length > 0) return this.#real().child(bindings, options);
    return new RequestLogger(this.parent, { ...this.bindings, ...bindings });
  }

  fatal(...args: unknown[]): void {
    this.#write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.#write('error', args);
  }
  warn(...args: unknown[]): void {
    this.#write('warn', args);
  }
  info(...args: unknown[]): void {
    this.#write('info', args);
  }
  debug(...args: unknown[]): void {
    this.#write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.#write('trace', args);
  }
  silent(): void {}
}

/**
 * One line per request, written when it completes: the request id (and the account once a token
 * was checked), the request as `serializeRequest` shows it (the URL without secrets), the status
 * and the time taken, as pino would write `{ req, res, responseTime }` with the server's
 * serializers. The line is built here, in one template, and written to the logger's stream: pino's
 * generic path (a child per request, the serializers, each field stringified on its own) was a
 * quarter of a cached reply's time. Errors, and lines of requests whose logger is not a
 * RequestLogger, still go through pino. Fastify's default also writes a line when a request comes
 * in; that one is left out. Cached replies the HTTP server answers before Fastify sees them
 * (`cachedReplySent`) get the same line.
 */
export class RequestLog extends LogController {
  readonly #stream: LogStream;
  /** pino's first fields of every line: `level` and `time` come before, the rest after. */
  readonly #base = `,"pid":${process.pid},"hostname":${JSON.stringify(hostname())}`;

  constructor(stream: LogStream) {
    super();
    this.#stream = stream;
  }

  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const log = request.log;
    if (error || !(log instanceof RequestLogger)) {
      const line = { req: request, res: reply, responseTime: reply.elapsedTime };
      if (error) log.error({ ...line, err: error }, 'request errored');
      else log.info(line, 'request completed');
      return;
    }
    if (!logsInfo(log.level)) return;
    let bound = '';
    for (const [name, value] of Object.entries(log.bindings))
      bound += `,${JSON.stringify(name)}:${JSON.stringify(value)}`;
    this.#write(bound, request, reply.statusCode, reply.elapsedTime);
  }

  /**
   * The access line of a cached reply the HTTP server wrote itself (`http/server-factory.ts`):
   * a request id of its own, the request and the status, as for any other. It is written at once
   * when the reply was written in one go (nearly always), else once the reply has gone.
   * `startedAt` is `performance.now()` when the request arrived; `level` the server log's level.
   */
  cachedReplySent(
    request: IncomingMessage,
    response: ServerResponse,
    startedAt: number,
    level: string,
  ): void {
    if (!logsInfo(level)) return;
    const reqId = this.genReqId();
    const write = () => {
      const { headers, socket } = request;
      const logged = {
        method: request.method ?? '',
        url: request.url ?? '',
        host: headers.host ?? headers[':authority']?.toString() ?? '',
        ip: socket.remoteAddress,
        socket,
      };
      this.#write(
        `,"reqId":${JSON.stringify(reqId)}`,
        logged,
        response.statusCode,
        performance.now() - startedAt,
      );
    };
    if (response.writableEnded) write();
    else response.once('finish', write);
  }

  /** Ids of requests, for Fastify (its `genReqId` option) and for the cached replies alike. */
  readonly genReqId = requestIds();

  #write(bound: string, request: LoggedRequest, statusCode: number, responseTime: number) {
    this.#stream.write(
      `{"level":${INFO},"time":${Date.now()}${this.#base}${bound},"req":${JSON.stringify(serializeRequest(request))},"res":{"statusCode":${statusCode}},"responseTime":${responseTime},"msg":"request completed"}\n`,
    );
  }
}

/**
 * The server's logging, for Fastify's options: JSON lines at `level` to `stream`, requests
 * serialized by `serializeRequest` (method, URL without secrets, host, address; never headers or
 * a body) and replies by Fastify's own serializer (the status only), one access line per request.
 * Headers are never logged, so there are no redaction paths: pino would search every line for
 * them (about half the cost of a line) and find nothing.
 */
export function requestLogging(level: Level, stream: LogStream) {
  const logController = new RequestLog(stream);
  return {
    logger: { level, stream, serializers: { req: serializeRequest } },
    logController,
    genReqId: logController.genReqId,
    childLoggerFactory(
      logger: FastifyBaseLogger,
      bindings: Bindings,
      options: ChildLoggerOptions,
    ): FastifyBaseLogger {
      // A route with a level or serializers of its own gets a pino child at once.
      return Object.keys(options).length > 0
        ? logger.child(bindings, options)
        : new RequestLogger(logger, bindings);
    },
  };
}

export type RequestLogging = ReturnType<typeof requestLogging>;
