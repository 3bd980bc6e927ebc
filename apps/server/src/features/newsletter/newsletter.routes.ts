import {
  authMessages,
  confirmSubscriptionBody,
  errorReply,
  NEWSLETTER_CHECK_MAIL,
  NEWSLETTER_CONFIRMED,
  subscribeBody,
  subscribeReply,
} from '@axle/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicCall } from '../../http/access.ts';
import { limitAlso, limitRoute } from '../../http/rate-limit.ts';
import { addressKey, type NewsletterLimits } from './newsletter.limits.ts';
import { confirmSubscription, type NewsletterContext, subscribe } from './newsletter.service.ts';

export type NewsletterRoutesOptions = { ctx: NewsletterContext; limits: NewsletterLimits };

const tags = ['newsletter'];
const tooMany = authMessages.tooManyAttempts;

export const newsletterRoutes: FastifyPluginAsyncZod<NewsletterRoutesOptions> = async (
  app,
  { ctx, limits },
) => {
  // Counted after the per-IP limit of the route's config, as the handler's first step; every
  // sign-up of an address counts, subscribed or not, so its 429 reveals nothing either.
  const subscribesPerAddress = limitAlso(
    app,
    'newsletter:email',
    limits.subscribePerAddress,
    tooMany,
    (request: { body: { email: string } }) => addressKey(request.body.email),
  );

  app.post(
    '/api/newsletter',
    {
      config: { rateLimit: limitRoute(limits.subscribePerIp, tooMany) },
      schema: {
        tags,
        operationId: 'subscribeNewsletter',
        security: publicCall,
        summary: 'Subscribe an e-mail address to the newsletter (double opt-in)',
        description:
          'The address is mailed a single-use confirmation link and gets the newsletter only once it is opened. The same reply whether or not the address was already subscribed.',
        body: subscribeBody,
        response: { 200: subscribeReply, 400: errorReply, 429: errorReply },
      },
    },
    async (request) => {
      await subscribesPerAddress(request);
      await subscribe(ctx, request.body.email);
      return { message: NEWSLETTER_CHECK_MAIL };
    },
  );

  // POST, not GET: mail scanners fetch the links in an e-mail, and that must not confirm anything.
  // The link opens the web page, which posts the token.
  app.post(
    '/api/newsletter/confirm',
    {
      config: { rateLimit: limitRoute(limits.confirmPerIp, tooMany) },
      schema: {
        tags,
        operationId: 'confirmNewsletter',
        security: publicCall,
        summary: 'Confirm a newsletter subscription with the e-mailed link (once per link)',
        body: confirmSubscriptionBody,
        response: { 200: subscribeReply, 400: errorReply, 429: errorReply },
      },
    },
    async (request) => {
      await confirmSubscription(ctx, request.body.token);
      return { message: NEWSLETTER_CONFIRMED };
    },
  );
};
