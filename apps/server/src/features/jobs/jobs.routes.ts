import { errorReply, jobParams, stuckJob, stuckJobList, stuckJobsQuery } from '@axle/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { signedIn } from '../../http/access.ts';
import { logAdminActions } from '../../http/admin-actions.ts';
import { requireAdmin } from '../../http/auth.ts';
import { listStuckJobs, retryJob } from './jobs.service.ts';
import type { JobRunner } from './jobs.worker.ts';

const tags = ['admin'];
const refusals = { 400: errorReply, 401: errorReply, 403: errorReply };

/** The admin's view of the durable queue: what did not go through, and sending it again. */
export const jobsRoutes: FastifyPluginAsyncZod<{
  db: Db;
  worker: Pick<JobRunner, 'kick'>;
}> = async (app, { db, worker }) => {
  app.addHook('onRequest', requireAdmin);
  logAdminActions(app);

  app.get(
    '/api/admin/jobs',
    {
      schema: {
        tags,
        operationId: 'listStuckJobs',
        security: signedIn,
        summary:
          'E-mails and other jobs that failed: those waiting for their next try and those that failed every try, newest first, with their counts',
        querystring: stuckJobsQuery,
        response: { 200: stuckJobList, ...refusals },
      },
    },
    async (request) => listStuckJobs(db, request.query),
  );

  app.post(
    '/api/admin/jobs/:id/retry',
    {
      schema: {
        tags,
        operationId: 'retryJob',
        security: signedIn,
        summary: 'Sends a stuck job again now, with all its tries (404 once it went through)',
        params: jobParams,
        response: { 200: stuckJob, ...refusals, 404: errorReply, 409: errorReply },
      },
    },
    async (request) => {
      const job = await retryJob(db, request.params.id);
      worker.kick();
      return job;
    },
  );
};
