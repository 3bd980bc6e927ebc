import { useLocation } from 'react-router';

type From = { pathname?: unknown; search?: unknown; hash?: unknown };

/**
 * A path on this site to return to, or '/'. Anything else ('//host', '/\host', 'https://…') could
 * send the visitor to another site, and the sign-in screens themselves lead nowhere useful.
 */
export function safeReturnPath(path: unknown): string {
  if (typeof path !== 'string' || !path.startsWith('/')) return '/';
  if (path.startsWith('//') || path.startsWith('/\\')) return '/';
  const pathname = path.split(/[?#]/, 1)[0];
  if (pathname === '/login' || pathname === '/register') return '/';
  return path;
}

/** Where to go after signing in: the page a guard sent the visitor away from, else the home page. */
export function useReturnTo(): string {
  const state = useLocation().state as { from?: From } | null;
  const from = state?.from;
  if (!from || typeof from.pathname !== 'string') return '/';
  const search = typeof from.search === 'string' ? from.search : '';
  const hash = typeof from.hash === 'string' ? from.hash : '';
  return safeReturnPath(`${from.pathname}${search}${hash}`);
}
