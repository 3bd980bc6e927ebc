import {
  errorReply,
  imageNameParams,
  itemsQuery,
  part,
  partIdParams,
  partList,
  TOTAL_COUNT_HEADER,
} from '@axle/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ImageStore } from '../../adapters/images/image-store.ts';
import type { Db } from '../../db/client.ts';
import { NotFound } from '../../http/errors.ts';
import { getPart, listParts } from './catalog.service.ts';

/** Public catalogue: visitors see it on the home page and /parts. */
export const catalogRoutes: FastifyPluginAsyncZod<{
  db: Db;
  images?: ImageStore | undefined;
}> = async (app, { db, images }) => {
  app.get(
    '/api/items',
    {
      schema: {
        tags: ['catalog'],
        summary: 'List parts, optionally searched (name or description) and paged',
        querystring: itemsQuery,
        response: { 200: partList, 400: errorReply },
      },
    },
    async (request, reply) => {
      const { parts, total } = await listParts(db, request.query);
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return parts;
    },
  );

  app.get(
    '/api/item/:id',
    {
      schema: {
        tags: ['catalog'],
        summary: 'One part',
        params: partIdParams,
        response: { 200: part, 400: errorReply, 404: errorReply },
      },
    },
    async (request) => getPart(db, request.params.id),
  );

  // Uploaded part pictures (admins upload them in the admin area). A name never changes its
  // bytes, so browsers may keep them for a year.
  app.get(
    '/api/images/:name',
    {
      schema: {
        tags: ['catalog'],
        summary: "An uploaded part's picture",
        params: imageNameParams,
        // 200 is the picture's bytes with its own content type; errors are the usual JSON.
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
