import { reviewList } from '@axle/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { listReviews } from './reviews.service.ts';

/** Public reviews, newest first, for the home page's carousel. */
export const reviewsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/reviews',
    {
      schema: {
        tags: ['reviews'],
        summary: 'Reviews, newest first',
        response: { 200: reviewList },
      },
    },
    async () => listReviews(db),
  );
};
