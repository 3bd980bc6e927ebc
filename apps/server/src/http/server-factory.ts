import {
  createServer,
  type IncomingMessage,
  type ServerOptions,
  type ServerResponse,
} from 'node:http';
import type { FastifyServerFactory } from 'fastify';
import type { ReplyCache } from './reply-cache.ts';
import type { RequestLog } from './request-log.ts';

type Options = {
  /** The caches whose replies the server answers itself (the catalogue's and the reviews'). */
  caches: ReplyCache[];
  /** The access log, and the server log's level; without it nothing is logged. */
  log?: { controller: RequestLog; level: () => string } | undefined;
};

/** The options Fastify hands its server factory, with its defaults filled in. */
type FastifyServerOptions = {
  http?: ServerOptions;
  keepAliveTimeout: number;
  requestTimeout: number;
  connectionTimeout: number;
  maxRequestsPerSocket: number | null;
};

/**
 * The HTTP server Fastify runs on (its `serverFactory`). A GET or HEAD request whose URL has a
 * cached reply is answered here, before Fastify routes it, makes its request and reply objects
 * and runs its hooks: that was about a fifth of a cached read's CPU time (ADR 007). The reply is
 * the one Fastify's path sends for the same URL (`ReplyCache.answer`), with the same access line.
 * Every other request goes to Fastify, as does every request once the app is closing, so that
 * Fastify answers 503 as it does for the rest. `app.inject` does not come through here: its hits
 * are answered by the routes' `serveHit` hook, with the same bytes.
 */
export function createServerFactory({ caches, log }: Options) {
  let closing = false;

  const answered = (request: IncomingMessage, response: ServerResponse) => {
    if (closing || (request.method !== 'GET' && request.method !== 'HEAD')) return false;
    const startedAt = performance.now();
    for (const cache of caches) {
      if (!cache.answer(request, response)) continue;
      log?.controller.cachedReplySent(request, response, startedAt, log.level());
      return true;
    }
    return false;
  };

  const serverFactory: FastifyServerFactory = (handler, fastifyOptions) => {
    const options = fastifyOptions as FastifyServerOptions;
    const server = createServer(options.http ?? {}, (request, response) => {
      if (!answered(request, response)) handler(request, response);
    });
    // What Fastify sets on a server it makes itself (its defaults: 72 s keep-alive, no limits).
    server.keepAliveTimeout = options.keepAliveTimeout;
    server.requestTimeout = options.requestTimeout;
    server.setTimeout(options.connectionTimeout);
    if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };

  return {
    serverFactory,
    /** From now on every request goes to Fastify (call it when the app starts closing). */
    close() {
      closing = true;
    },
  };
}
