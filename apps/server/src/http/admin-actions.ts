import type { FastifyInstance } from 'fastify';

/**
 * Every change an admin makes is a security event in the structured log (and in the audit log):
 * added to each plugin of admin calls, after its `requireAdmin` hook.
 */
export function logAdminActions(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    if (request.method === 'GET' || reply.statusCode >= 400) return;
    request.log.info(
      {
        security: 'admin-action',
        method: request.method,
        route: request.routeOptions.url,
        params: request.params,
        status: reply.statusCode,
      },
      'admin action',
    );
  });
}
