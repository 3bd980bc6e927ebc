import { errorReply, NEWSLETTER_THANKS, subscribeBody, subscribeReply } from '@axle/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { subscribe } from './newsletter.service.ts';

export const newsletterRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/api/newsletter',
    {
      schema: {
        tags: ['newsletter'],
        summary: 'Subscribe an e-mail address to the newsletter',
        description: 'The same reply whether or not the address was already subscribed.',
        body: subscribeBody,
        response: { 200: subscribeReply, 400: errorReply },
      },
    },
    async (request) => {
      await subscribe(db, request.body.email);
      return { message: NEWSLETTER_THANKS };
    },
  );
};
