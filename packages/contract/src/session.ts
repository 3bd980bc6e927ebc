// The session's timing and where a sign-in may lead: plain values with no schema, so the web app's
// first page can use them without loading zod (docs/decisions/008-replies-typed-not-parsed.md).

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/** The web refreshes the access token this long before it expires (SPEC §9: about 5 minutes). */
export const REFRESH_AHEAD_SECONDS = 5 * 60;

/**
 * Where to go after signing in: only a path on this site. Anything else (another host, `//host`,
 * `/\host`, a scheme, control characters) becomes '/', so `from` can never redirect off-site.
 */
export function safeReturnPath(from: unknown): string {
  if (typeof from !== 'string' || from.length === 0 || from.length > 500) return '/';
  if (!from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) return '/';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(from)) return '/';
  return from;
}
