import { API_KEY_PREFIX, API_KEY_SCOPES } from '@axle/contract';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * Swagger UI sets a few inline styles; only its pages allow them. Scripts stay 'self' only.
 */
const docsCsp =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
  "connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

type JsonSchema = Record<string, unknown>;

/** What input-guards.ts refuses in every text: a NUL character, as a JSON Schema pattern. */
const NO_NUL = '^[^\\u0000]*$';

/**
 * The NUL refusal of input-guards.ts, written into an input's schema: every string without a
 * pattern gets one that excludes NUL; a string with its own pattern keeps it, with a `not` that
 * excludes NUL; an object that takes other keys than its properties takes none with a NUL.
 */
function refuseNul(schema: unknown): void {
  if (schema === null || typeof schema !== 'object') return;
  if (Array.isArray(schema)) {
    for (const item of schema) refuseNul(item);
    return;
  }
  const node = schema as JsonSchema;
  const types = [node.type].flat();
  if (types.includes('string') && node.format === undefined && node.enum === undefined) {
    if (node.pattern === undefined) node.pattern = NO_NUL;
    else node.not ??= { pattern: '\\u0000' };
  }
  if (types.includes('object') && node.additionalProperties !== false)
    node.propertyNames ??= { pattern: NO_NUL };
  for (const [key, value] of Object.entries(node)) if (key !== 'not') refuseNul(value);
}

const INPUTS = ['body', 'querystring', 'params', 'headers'];

/**
 * What every call does besides its own schema, in words for the document's readers (the schemas
 * say it too: the NUL patterns, each call's 400, 413 and 415), and who may make which call.
 */
const description = [
  'The web shop for car parts: catalogue, accounts, orders, payments, reviews.',
  '',
  'Every call refuses with a 400 `{ error: { code, message } }`: a query parameter it does not',
  'declare, and text holding a NUL character (U+0000) anywhere in its path, query or body. A call',
  'that takes a body refuses one over its size limit (413) and one that is not JSON or a type it',
  'takes (415). A method a path does not take is a 405 with an `Allow` header; every error is in',
  'the same shape.',
  '',
  '## API keys',
  '',
  "A customer's own system (a workshop's purchasing software, say) calls the shop with an API key",
  `made on the dashboard's API keys page, sent as \`Authorization: Bearer ${API_KEY_PREFIX}…\`. A key`,
  'may make only the calls whose security names `apiKey`, each with the one scope it needs',
  `(${API_KEY_SCOPES.map((scope) => `\`${scope}\``).join(', ')}), and acts as the customer who made it;`,
  'any other call refuses a key with a 403, and an unknown or revoked key gets a 401. Calls made',
  "with a key are counted against the key's own rate limit (429 past it).",
].join('\n');

/**
 * OpenAPI 3.1 generated from the routes' zod schemas (JSON Schema 2020-12, so `null` is a type
 * and the NUL refusal's `propertyNames` is allowed): JSON at /api/docs/json, a browsable page at
 * /api/docs. Each route's `security` comes from http/access.ts; `publicUrl` is the shop's
 * PUBLIC_URL, where the calls are made.
 */
export async function registerOpenApi(
  app: FastifyInstance,
  { publicUrl }: { publicUrl: string },
): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Axle API',
        description,
        version: '1.0.0',
        contact: { name: 'Axle API support', email: 'api@axle.example', url: publicUrl },
        // Not open source: an SPDX reference of the shop's own, as OpenAPI 3.1 takes it.
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      servers: [{ url: publicUrl }],
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description:
              'A person signed in: the access token (a JWT) that signing in or refreshing the session gives.',
          },
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            description: `An API key (${API_KEY_PREFIX}…) made on the dashboard’s API keys page; it is accepted only by the calls whose security names apiKey, and only with one of the scopes listed there: ${API_KEY_SCOPES.join(', ')}.`,
          },
        },
      },
    },
    transform: (route) => {
      const made = jsonSchemaTransform(route);
      const schema = made.schema as Record<string, unknown>;
      for (const part of INPUTS) refuseNul(schema[part]);
      return made;
    },
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiHooks: {
      preHandler: async (_request, reply) => {
        reply.header('content-security-policy', docsCsp);
      },
    },
  });
}
