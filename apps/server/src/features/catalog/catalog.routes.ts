import {
  bytesReply,
  categoryList,
  errorReply,
  fitmentGroups,
  fitmentQuery,
  imageNameParams,
  itemsQuery,
  LINK_HEADER,
  LIST_PAGE_MAX,
  lastReachablePage,
  partDetail,
  partIdParams,
  partList,
  partNumberParams,
  searchQuery,
  searchReply,
  suggestQuery,
  suggestReply,
  TOTAL_COUNT_HEADER,
} from '@axle/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ImageStore } from '../../adapters/images/image-store.ts';
import type { Db } from '../../db/client.ts';
import { NotFound } from '../../domain/errors.ts';
import { publicOrKey } from '../../http/access.ts';
import { nextLink } from '../../http/paging.ts';
import type { ReplyCache } from '../../http/reply-cache.ts';
import { getPart, getPartByNumber, listParts } from './catalog.service.ts';
import { listCategories, partFitment } from './part-detail.service.ts';
import { searchParts, suggest } from './search.service.ts';

/**
 * Public catalogue: visitors see it on the home page and /parts. Lists and parts are served from
 * `cache`, which app.ts empties on every write to the parts (see ReplyCache).
 */
export const catalogRoutes: FastifyPluginAsyncZod<{
  db: Db;
  cache: ReplyCache;
  images?: ImageStore | undefined;
}> = async (app, { db, cache, images }) => {
  app.get(
    '/api/items',
    {
      onRequest: cache.serveHit,
      // The cache sends its own compressed forms, made once per reply.
      compress: false,
      schema: {
        tags: ['catalog'],
        operationId: 'listParts',
        security: publicOrKey('catalogue:read'),
        summary:
          'One page of parts (100 without `limit`), optionally searched by words (name or description); `Link` gives the next page',
        querystring: itemsQuery,
        response: { 200: partList, 400: errorReply },
      },
    },
    async (request, reply) =>
      cache.send(request, reply, async () => {
        const { query } = request;
        const { parts, total } = await listParts(db, query);
        const page = query.page ?? 1;
        const limit = query.limit ?? LIST_PAGE_MAX;
        // No link past the pages a list paged by number reaches (the contract refuses them).
        const more = page * limit < total && page < lastReachablePage(limit);
        const headers: Record<string, string> = { [TOTAL_COUNT_HEADER]: String(total) };
        if (more)
          headers[LINK_HEADER] = nextLink('/api/items', {
            search: query.search || undefined,
            page: page + 1,
            limit: query.limit,
          });
        return { body: reply.serialize(parts), headers };
      }),
  );

  app.get(
    '/api/search',
    {
      onRequest: cache.serveHit,
      compress: false,
      schema: {
        tags: ['catalog'],
        operationId: 'searchParts',
        security: publicOrKey('catalogue:read'),
        summary:
          'Search the catalogue: part and OE/cross-reference numbers in any spelling, words in any order (name, brand, number, category, description), filtered by brand, category, vehicle and stock, with facets; the closest spelling when nothing matches',
        querystring: searchQuery,
        response: { 200: searchReply, 400: errorReply },
      },
    },
    async (request, reply) =>
      cache.send(request, reply, async () => ({
        body: reply.serialize(await searchParts(db, request.query)),
      })),
  );

  app.get(
    '/api/search/suggest',
    {
      onRequest: cache.serveHit,
      compress: false,
      schema: {
        tags: ['catalog'],
        operationId: 'suggestSearch',
        security: publicOrKey('catalogue:read'),
        summary: 'Suggestions while typing: a few parts, brands and categories',
        querystring: suggestQuery,
        response: { 200: suggestReply, 400: errorReply },
      },
    },
    async (request, reply) =>
      cache.send(request, reply, async () => ({
        body: reply.serialize(await suggest(db, request.query.q)),
      })),
  );

  app.get(
    '/api/item/:id',
    {
      onRequest: cache.serveHit,
      // The cache sends its own compressed forms, made once per reply.
      compress: false,
      schema: {
        tags: ['catalog'],
        operationId: 'getPart',
        security: publicOrKey('catalogue:read'),
        summary:
          'One part, with its OE numbers, cross-references, attributes and the first 100 vehicles it fits',
        params: partIdParams,
        response: { 200: partDetail, 400: errorReply, 404: errorReply },
      },
    },
    async (request, reply) =>
      cache.send(request, reply, async () => ({
        body: reply.serialize(await getPart(db, request.params.id)),
      })),
  );

  app.get(
    '/api/parts/:partNumber',
    {
      onRequest: cache.serveHit,
      compress: false,
      schema: {
        tags: ['catalog'],
        operationId: 'getPartByNumber',
        security: publicOrKey('catalogue:read'),
        summary:
          'One part by its part number, in any spelling (case, spaces, dashes, dots and slashes ignored), as GET /api/item/{id} answers it',
        params: partNumberParams,
        response: { 200: partDetail, 400: errorReply, 404: errorReply },
      },
    },
    async (request, reply) =>
      cache.send(request, reply, async () => ({
        body: reply.serialize(await getPartByNumber(db, request.params.partNumber)),
      })),
  );

  app.get(
    '/api/categories',
    {
      onRequest: cache.serveHit,
      compress: false,
      schema: {
        tags: ['catalog'],
        operationId: 'listCategories',
        security: publicOrKey('catalogue:read'),
        summary: "The catalogue's category tree, as a list by name (a root has no parent)",
        response: { 200: categoryList },
      },
    },
    async (request, reply) =>
      cache.send(request, reply, async () => ({
        body: reply.serialize(await listCategories(db)),
      })),
  );

  app.get(
    '/api/item/:id/fitment',
    {
      onRequest: cache.serveHit,
      compress: false,
      schema: {
        tags: ['catalog'],
        operationId: 'getPartFitment',
        security: publicOrKey('catalogue:read'),
        summary:
          'Every vehicle a part fits, grouped by make and model, a page of vehicles at a time (100 without `limit`)',
        params: partIdParams,
        querystring: fitmentQuery,
        response: { 200: fitmentGroups, 400: errorReply, 404: errorReply },
      },
    },
    async (request, reply) =>
      cache.send(request, reply, async () => {
        const { id } = request.params;
        const page = request.query.page ?? 1;
        const limit = request.query.limit ?? LIST_PAGE_MAX;
        const { groups, total } = await partFitment(db, id, { limit, offset: (page - 1) * limit });
        const headers: Record<string, string> = { [TOTAL_COUNT_HEADER]: String(total) };
        if (page * limit < total && page < lastReachablePage(limit))
          headers[LINK_HEADER] = nextLink(`/api/item/${id}/fitment`, {
            page: page + 1,
            limit: request.query.limit,
          });
        return { body: reply.serialize(groups), headers };
      }),
  );

  // Uploaded part pictures (admins upload them in the admin area). A name never changes its
  // bytes, so browsers may keep them for a year.
  app.get(
    '/api/images/:name',
    {
      schema: {
        tags: ['catalog'],
        operationId: 'getPartImage',
        security: publicOrKey('catalogue:read'),
        summary: "An uploaded part's picture",
        params: imageNameParams,
        // Errors are the usual JSON.
        response: {
          200: bytesReply("The picture's bytes, with its own content type", 'image/*'),
          404: errorReply,
        },
      },
    },
    async (request, reply) => {
      const image = await images?.read(request.params.name);
      if (!image) throw new NotFound('No such image');
      return reply
        .type(image.type)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(image.bytes);
    },
  );
};
