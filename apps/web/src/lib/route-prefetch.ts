/**
 * Fetches the code of the page a link leads to as soon as the pointer or the focus reaches the
 * link (or a script is about to go there), so that a click finds it loaded, or on its way, all at
 * once rather than one import after another. The pages' chunks come from the build's
 * route-chunks.json (build/route-preloads.ts), fetched once the first page is idle: the
 * bundler's own preload lists, written into every chunk that imports a page, weighed about 1 KB
 * on every first page (docs/decisions/008).
 */
type RouteChunks = { pattern: RegExp; files: string[] };

let routes: Promise<RouteChunks[]> | undefined;
const requested = new Set<string>();

/** A route's path as React Router matches it: `:name` one segment, `*` the rest, any case. */
function patternOf(path: string): RegExp {
  const source = path
    .split('/')
    .map((segment) =>
      segment === '*'
        ? '.*'
        : segment.startsWith(':')
          ? '[^/]+'
          : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  return new RegExp(`^${source}/?$`, 'i');
}

function routeChunks(): Promise<RouteChunks[]> {
  routes ??= fetch(new URL('/route-chunks.json', window.location.origin))
    .then((response) => (response.ok ? response.json() : []))
    .then((list: { path: string; files: string[] }[]) =>
      list.map((route) => ({ pattern: patternOf(route.path), files: route.files })),
    )
    // Without the list, pages load as they always could: import by import.
    .catch(() => []);
  return routes;
}

/** Preloads the chunks of every route at `pathname` (a layout's and its page's). */
export async function prefetchPage(pathname: string): Promise<void> {
  for (const route of await routeChunks()) {
    if (!route.pattern.test(pathname)) continue;
    for (const file of route.files) {
      if (requested.has(file) || !file.endsWith('.js')) continue;
      requested.add(file);
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = `/${file}`;
      document.head.append(link);
    }
  }
}

/** From now on, a link the pointer, a finger or the focus reaches has its page's code fetched. */
export function prefetchOnIntent(): void {
  const onIntent = (event: Event) => {
    const target = event.target;
    const link = target instanceof Element ? target.closest('a[href]') : null;
    if (link instanceof HTMLAnchorElement && link.origin === window.location.origin)
      void prefetchPage(link.pathname);
  };
  for (const type of ['pointerover', 'focusin', 'touchstart'])
    document.addEventListener(type, onIntent, { passive: true });
  void routeChunks();
}
