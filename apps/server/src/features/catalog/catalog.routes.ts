import {
  errorReply,
  itemsQuery,
  part,
  partIdParams,
  partList,
  TOTAL_COUNT_HEADER,
} from '@axle/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { getPart, listParts } from './catalog.service.ts';

/** Public catalogue: visitors see it on the home page and /parts. */
export const catalogRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
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
};
