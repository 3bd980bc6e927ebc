import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { errorBody } from './errors.ts';
import { pathPattern } from './path-pattern.ts';

/**
 * From the web build (apps/web/build/route-preloads.ts): each route's path and its page's chunks.
 * Read here from disk; never served (below).
 */
const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

/**
 * A path with a segment that starts with a dot (`/.vite/manifest.json`, `/.env`, also spelt
 * `/%2Evite/…`): the build keeps its metadata there (the manifest and the route list name every
 * source module), and no file the browser needs is one. Such a path is a 404, never a file and
 * never the page.
 */
export function isHiddenPath(path: string): boolean {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // Not valid percent-encoding: tested as it is.
  }
  return /(^|[/\\])\./.test(decoded);
}

type RoutePreload = { path: string; files: string[] };

/** The web app's page for a path: index.html naming the chunks the page at that path loads. */
export type PageForPath = (path: string) => string;

/**
 * index.html for a request's path: with a modulepreload link for each chunk the page at that path
 * loads, so the browser fetches them beside the entry instead of after the entry has run and
 * asked for them. Without the build's list, index.html as it is.
 */
function pagesForPaths(webRoot: string): PageForPath {
  const html = readFileSync(join(webRoot, 'index.html'), 'utf8');
  const listFile = join(webRoot, ROUTE_PRELOADS_FILE);
  if (!existsSync(listFile)) return () => html;
  const routes = (JSON.parse(readFileSync(listFile, 'utf8')) as RoutePreload[]).map((route) => ({
    pattern: pathPattern(route.path, { loose: true }),
    splat: route.path.endsWith('*'),
    files: route.files.filter((file) => /^assets\/[\w.-]+\.js$/.test(file)),
  }));
  const pages = new Map<string, string>();
  return (path) => {
    // Every route at that address (a layout's page and its index page share it); a catch-all
    // only when nothing else matches, as React Router ranks them.
    const matched = routes.filter((route) => !route.splat && route.pattern.test(path));
    const files = [
      ...new Set(
        (matched.length > 0 ? matched : routes.filter((route) => route.pattern.test(path))).flatMap(
          (route) => route.files,
        ),
      ),
    ];
    const key = files.join(' ');
    let page = pages.get(key);
    if (page === undefined) {
      const links = files
        .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
        .join('\n    ');
      page = links ? html.replace('</head>', `  ${links}\n  </head>`) : html;
      pages.set(key, page);
    }
    return page;
  };
}

/**
 * Serves the built web app, compressed when the browser accepts it. Hashed assets are cached for
 * a year; every other path that is not an API call gets index.html (history fallback), so deep
 * links and reloads work, naming the chunks of the page at that path. Unknown /api/* paths get a
 * JSON 404, and a method an API path does not take a JSON 405 with the methods it does take
 * (`apiMethods`, from `trackApiMethods`). Dotfiles, the build's metadata among them, are 404s.
 */
export async function registerSpa(
  app: FastifyInstance,
  webRoot: string | undefined,
  apiMethods: (path: string) => string[] = () => [],
): Promise<PageForPath | undefined> {
  const indexHtml = webRoot ? join(webRoot, 'index.html') : undefined;
  const hasWeb = indexHtml !== undefined && existsSync(indexHtml);
  const pageFor = hasWeb ? pagesForPaths(webRoot as string) : undefined;
  const sendPage = (reply: FastifyReply, path: string, page: (path: string) => string) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(page(path));
  if (pageFor) {
    await app.register(fastifyStatic, {
      root: webRoot as string,
      wildcard: true,
      // `/` is a page like any other, with its own chunks named (below).
      index: false,
      // The build writes a .br and a .gz copy of each text file: the browser gets the one it
      // accepts, with no compression per request (files without a copy go as they are).
      preCompressed: true,
      // Build metadata (.vite/) and any other dotfile are not the browser's business.
      dotfiles: 'ignore',
      allowedPath: (path) => !isHiddenPath(path),
      setHeaders(res, path) {
        res.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
    // Not part of the API: left out of its OpenAPI document.
    app.get('/', { schema: { hide: true } }, (_request, reply) => sendPage(reply, '/', pageFor));
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (isHiddenPath(path)) return reply.code(404).send(errorBody('not_found', 'No such file'));
    if (pageFor && wantsPage && !path.startsWith('/api/') && path !== '/api') {
      return sendPage(reply, path, pageFor);
    }
    // An API path that exists, asked with a method it does not take (TRACE, PATCH, …).
    const allowed = apiMethods(path);
    if (allowed.length > 0 && !allowed.includes(request.method)) {
      return reply
        .code(405)
        .header('allow', allowed.join(', '))
        .send(
          errorBody(
            'method_not_allowed',
            `${request.method} is not allowed on ${path}; it takes ${allowed.join(', ')}`,
          ),
        );
    }
    return reply
      .code(404)
      .send(errorBody('not_found', `No such API route: ${request.method} ${path}`));
  });
  return pageFor;
}
