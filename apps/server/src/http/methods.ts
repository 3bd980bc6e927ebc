import type { FastifyInstance } from 'fastify';
import { isApiPath } from './input-guards.ts';
import { pathPattern } from './path-pattern.ts';

/**
 * Collects the methods of every API route as it is added (call it before any route), and gives
 * back the methods a request's path answers to: a method the path does not take is then a 405
 * with an `Allow` header (spa.ts), not a 404 as for a path that does not exist.
 */
export function trackApiMethods(app: FastifyInstance): (path: string) => string[] {
  const routes = new Map<string, { pattern: RegExp; methods: Set<string> }>();
  app.addHook('onRoute', (route) => {
    if (!isApiPath(route.url)) return;
    let entry = routes.get(route.url);
    if (!entry) {
      entry = { pattern: pathPattern(route.url), methods: new Set() };
      routes.set(route.url, entry);
    }
    for (const method of [route.method].flat()) {
      entry.methods.add(method);
      // Fastify answers HEAD wherever it answers GET.
      if (method === 'GET') entry.methods.add('HEAD');
    }
  });
  return (path) => {
    const methods = new Set<string>();
    for (const { pattern, methods: taken } of routes.values())
      if (pattern.test(path)) for (const method of taken) methods.add(method);
    return [...methods].sort();
  };
}
