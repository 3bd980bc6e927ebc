/** Query parameters that carry one-time secrets (e-mailed links, the OpenID Connect callback). */
const SECRET_PARAMS = ['token', 'code', 'state', 'session_state'];

/** The URL with the values of secret query parameters replaced, for the request log. */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  if (queryAt === -1) return url;
  const params = new URLSearchParams(url.slice(queryAt + 1));
  let changed = false;
  for (const name of SECRET_PARAMS) {
    if (params.has(name)) {
      params.set(name, '[redacted]');
      changed = true;
    }
  }
  return changed ? `${url.slice(0, queryAt)}?${params.toString()}` : url;
}

/** What a request's log line shows of it: a FastifyRequest, or the same fields of a raw one. */
export type LoggedRequest = {
  method: string;
  url: string;
  host: string;
  ip: string | undefined;
  socket?: { remotePort?: number | undefined } | undefined;
};

/** Fastify's default request serializer, minus secrets in the URL. Bodies and headers are never logged. */
export function serializeRequest(request: LoggedRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
