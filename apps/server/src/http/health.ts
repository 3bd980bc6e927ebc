import { healthReply } from '@axle/contract';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../db/client.ts';
import { publicCall } from './access.ts';

/** Liveness and readiness in one: answers only when the database does. */
export const healthRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (
  app,
  { database },
) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['operations'],
        operationId: 'checkHealth',
        security: publicCall,
        summary: 'Liveness and readiness in one: a 200 only when the database answers',
        response: { 200: healthReply },
      },
    },
    async () => {
      await database.db.execute(sql`select 1`);
      return { status: 'ok' as const, database: database.kind };
    },
  );
};
