import Fastify, { type FastifyServerOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Database } from './db/client.ts';
import { catalogRoutes } from './features/catalog/catalog.routes.ts';
import { newsletterRoutes } from './features/newsletter/newsletter.routes.ts';
import { reviewsRoutes } from './features/reviews/reviews.routes.ts';
import { registerErrorHandler } from './http/errors.ts';
import { healthRoutes } from './http/health.ts';
import { registerOpenApi } from './http/openapi.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerSpa } from './http/spa.ts';

export type AppDeps = {
  database: Database;
  /** Folder of the built web app; without it the server answers the API only. */
  webRoot?: string;
  logger?: FastifyServerOptions['logger'];
};

/** JSON bodies of this shop are small; a larger one is refused with 413 before it is parsed. */
const BODY_LIMIT = 100 * 1024;

export async function buildApp({ database, webRoot, logger = false }: AppDeps) {
  const app = Fastify({
    logger,
    bodyLimit: BODY_LIMIT,
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();

  // Requests are validated and replies serialized by the contract's zod schemas.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Cross-cutting: one error shape, security headers, OpenAPI (before routes, so it sees them).
  registerErrorHandler(app);
  await registerSecurityHeaders(app);
  await registerOpenApi(app);

  // Operations.
  await app.register(healthRoutes, { database });

  // Public shop.
  await app.register(catalogRoutes, { db: database.db });
  await app.register(reviewsRoutes, { db: database.db });
  await app.register(newsletterRoutes, { db: database.db });

  // Last: the built web app with history fallback, and JSON 404s for unknown API paths.
  await registerSpa(app, webRoot);

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
