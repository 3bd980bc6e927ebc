import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { serializeRequest } from './log-redaction.ts';

/**
 * The server's logger: JSON lines at `level` to `stream`, requests serialized by
 * `serializeRequest` (method, URL without secrets, host, address; never headers or a body) and
 * replies by Fastify's own serializer (the status only). Headers are never logged, so there are no
 * redaction paths: pino would apply them to every line (about half the cost of the access line)
 * and find nothing to redact.
 */
export function loggerOptions(level: string, stream: { write(line: string): void }) {
  return { level, stream, serializers: { req: serializeRequest } };
}

/**
 * One line per request, written when it completes: the request (through the logger's `req`
 * serializer, which redacts secrets in the URL), the status and the time taken, and the account
 * once a token was checked. Fastify's default writes a second line when a request comes in; on
 * cached replies that line alone was a tenth of the time spent.
 */
export class RequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) request.log.error({ ...line, err: error }, 'request errored');
    else request.log.info(line, 'request completed');
  }
}
