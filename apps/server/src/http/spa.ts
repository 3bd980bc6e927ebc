import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { errorBody } from './errors.ts';

/**
 * Serves the built web app, compressed when the browser accepts it. Hashed assets are cached for
 * a year; every other path that is not an API call gets index.html (history fallback), so deep
 * links and reloads work. Unknown /api/* paths get a JSON 404.
 */
export async function registerSpa(
  app: FastifyInstance,
  webRoot: string | undefined,
): Promise<void> {
  const indexHtml = webRoot ? join(webRoot, 'index.html') : undefined;
  const hasWeb = indexHtml !== undefined && existsSync(indexHtml);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webRoot as string,
      wildcard: true,
      index: 'index.html',
      // The build writes a .br and a .gz copy of each text file: the browser gets the one it
      // accepts, with no compression per request (files without a copy go as they are).
      preCompressed: true,
      setHeaders(res, path) {
        res.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (hasWeb && wantsPage && !path.startsWith('/api/') && path !== '/api') {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply
      .code(404)
      .send(errorBody('not_found', `No such API route: ${request.method} ${path}`));
  });
}
