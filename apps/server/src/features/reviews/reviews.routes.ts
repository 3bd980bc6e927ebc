import {
  errorReply,
  LINK_HEADER,
  lastReachablePage,
  postReviewBody,
  postReviewReply,
  reviewList,
  reviewsQuery,
  reviewsSummary,
  TOTAL_COUNT_HEADER,
} from '@axle/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { pageSize } from '../../db/paging.ts';
import { publicOrKey, signedIn } from '../../http/access.ts';
import { requireSignedIn } from '../../http/auth.ts';
import { nextLink } from '../../http/paging.ts';
import type { ReplyCache } from '../../http/reply-cache.ts';
import { listReviews, postReview, summarizeReviews } from './reviews.service.ts';

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
        operationId: 'listReviews',
        security: publicOrKey('catalogue:read'),
        summary:
          'A page of the reviews, newest first (the carousel asks for 10); X-Total-Count and Link (next page) headers',
        querystring: reviewsQuery,
        response: { 200: reviewList, 400: errorReply },
      },
    },
    async (request, reply) =>
      cache.send(request, reply, async () => {
        const { reviews, total } = await listReviews(db, request.query);
        const page = request.query.page ?? 1;
        const limit = pageSize(request.query.limit);
        const more = page * limit < total && page < lastReachablePage(limit);
        return {
          body: reply.serialize(reviews),
          headers: {
            [TOTAL_COUNT_HEADER]: String(total),
            ...(more
              ? { [LINK_HEADER]: nextLink('/api/reviews', { ...request.query, page: page + 1 }) }
              : {}),
          },
        };
      }),
  );

  app.get(
    '/api/reviews/summary',
    {
      onRequest: cache.serveHit,
      compress: false,
      schema: {
        tags: ['reviews'],
        operationId: 'getReviewSummary',
        security: publicOrKey('catalogue:read'),
        summary: "Every review's average rating (null when there is none) and their count",
        response: { 200: reviewsSummary },
      },
    },
    async (request, reply) =>
      cache.send(request, reply, async () => ({
        body: reply.serialize(await summarizeReviews(db)),
      })),
  );

  app.post(
    '/api/review',
    {
      // The token is checked before the input.
      onRequest: requireSignedIn,
      schema: {
        tags: ['reviews'],
        operationId: 'postReview',
        security: signedIn,
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
