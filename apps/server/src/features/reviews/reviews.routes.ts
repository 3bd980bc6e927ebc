import { errorReply, postReviewBody, postReviewReply, reviewList } from '@axle/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { requireSignedIn } from '../../http/auth.ts';
import type { ReplyCache } from '../../http/reply-cache.ts';
import { listReviews, postReview } from './reviews.service.ts';

/**
 * Public reviews, newest first, for the home page's carousel; posting one needs a customer. The
 * list is served from `cache`, which app.ts empties on every write to the reviews.
 */
export const reviewsRoutes: FastifyPluginAsyncZod<{ db: Db; cache: ReplyCache }> = async (
  app,
  { db, cache },
) => {
  app.get(
    '/api/reviews',
    {
      onRequest: cache.serveHit,
      // The cache sends its own compressed forms, made once per reply.
      compress: false,
      schema: {
        tags: ['reviews'],
        summary: 'The newest 100 reviews, newest first',
        response: { 200: reviewList },
      },
    },
    async (request, reply) =>
      cache.send(request, reply, async () => ({
        body: reply.serialize(await listReviews(db)),
      })),
  );

  app.post(
    '/api/review',
    {
      // The token is checked before the input.
      onRequest: requireSignedIn,
      schema: {
        tags: ['reviews'],
        security: [{ bearerAuth: [] }],
        summary:
          'Post a public review; the author’s name and photo come from the account; at most 5 a day',
        body: postReviewBody,
        response: { 201: postReviewReply, 400: errorReply, 401: errorReply, 429: errorReply },
      },
    },
    async (request, reply) => {
      const review = await postReview(db, await request.currentUser(), request.body);
      return reply.code(201).send({ insertedId: review._id, review });
    },
  );
};
