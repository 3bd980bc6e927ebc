import { safeReturnPath as sitePath } from '@axle/contract/session';
import { useLocation } from 'react-router';

type From = { pathname?: unknown; search?: unknown; hash?: unknown };

/**
 * A path on this site to return to, or '/': the contract's rule (nothing that could send the
 * visitor to another site), and never the sign-in screens themselves, which lead nowhere useful.
 */
export function safeReturnPath(path: unknown): string {
  const onSite = sitePath(path);
  const pathname = onSite.split(/[?#]/, 1)[0];
  if (pathname === '/login' || pathname === '/register') return '/';
  return onSite;
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
