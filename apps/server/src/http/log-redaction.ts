/** Query parameters that carry one-time secrets (e-mailed links, the OpenID Connect callback). */
const SECRET_PARAMS = ['token', 'code', 'state', 'session_state'];

/**
 * The URL with the values of secret query parameters replaced: pino's censor for a logged
 * request's URL (see `createLogger`).
 */
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
