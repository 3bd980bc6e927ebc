import { useLocation } from 'react-router';

type From = { pathname?: unknown; search?: unknown; hash?: unknown };

/** Where to go after signing in: the page a guard sent the visitor away from, else the home page. */
export function useReturnTo(): string {
  const state = useLocation().state as { from?: From } | null;
  const from = state?.from;
  if (!from || typeof from.pathname !== 'string' || !from.pathname.startsWith('/')) return '/';
  if (from.pathname.startsWith('//')) return '/';
  if (from.pathname === '/login' || from.pathname === '/register') return '/';
  const search = typeof from.search === 'string' ? from.search : '';
  const hash = typeof from.hash === 'string' ? from.hash : '';
  return `${from.pathname}${search}${hash}`;
}
