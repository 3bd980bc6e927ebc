import {
  adminUserList,
  auditLog as auditLogSchema,
  deletedReply,
  errorReply,
  modifiedReply,
  orderIdParams,
  orderList,
  shipOrderReply,
  userEmailParams,
} from '@axle/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin } from '../../http/auth.ts';
import { NotFound } from '../../http/errors.ts';
import {
  type AdminContext,
  auditLog,
  deleteOrder,
  listOrders,
  listUsers,
  makeAdmin,
  markShipped,
  removeUser,
} from './admin.service.ts';

const tags = ['admin'];
const security = [{ bearerAuth: [] }];
const refusals = { 400: errorReply, 401: errorReply, 403: errorReply };

export type AdminRoutesOptions = {
  ctx: AdminContext;
  /** Runs before an order is deleted: payments settles its open card payments with the provider. */
  beforeDeleteOrder?: (orderId: string) => Promise<void>;
};

export const adminRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (
  app,
  { ctx, beforeDeleteOrder },
) => {
  // Every call here is for admins only (including those SPEC lists without a token): the token
  // and the role are checked before the input.
  app.addHook('onRequest', requireAdmin);

  app.get(
    '/api/users',
    {
      schema: {
        tags,
        security,
        summary: 'Every account (never credentials)',
        response: { 200: adminUserList, ...refusals },
      },
    },
    async () => listUsers(ctx),
  );

  app.put(
    '/api/user/admin/:email',
    {
      schema: {
        tags,
        security,
        summary: 'Make an account an admin',
        params: userEmailParams,
        response: { 200: modifiedReply, 404: errorReply, ...refusals },
      },
    },
    async (request) => makeAdmin(ctx, await request.currentAdmin(), request.params.email),
  );

  app.delete(
    '/api/user/:email',
    {
      schema: {
        tags,
        security,
        summary:
          'Remove an account: sessions end, unpaid orders are cancelled; paid orders and reviews stay',
        params: userEmailParams,
        response: { 200: deletedReply, 404: errorReply, 409: errorReply, ...refusals },
      },
    },
    async (request) => removeUser(ctx, await request.currentAdmin(), request.params.email),
  );

  app.get(
    '/api/manageorders',
    {
      schema: {
        tags,
        security,
        summary: 'Every order, newest first (cancelled ones excluded)',
        response: { 200: orderList, ...refusals },
      },
    },
    async () => listOrders(ctx),
  );

  app.put(
    '/api/manageorders/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Ship a paid order',
        params: orderIdParams,
        response: { 200: shipOrderReply, 404: errorReply, 409: errorReply, ...refusals },
      },
    },
    async (request) => markShipped(ctx, await request.currentAdmin(), request.params.id),
  );

  app.delete(
    '/api/deleteorder/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete (cancel) an unpaid order; its quantity goes back in stock',
        params: orderIdParams,
        response: { 200: deletedReply, ...refusals },
      },
    },
    async (request) => {
      const admin = await request.currentAdmin();
      // An unknown order is answered by deleteOrder (deletedCount 0), not by the settling step.
      await beforeDeleteOrder?.(request.params.id).catch((error: unknown) => {
        if (!(error instanceof NotFound)) throw error;
      });
      return deleteOrder(ctx, admin, request.params.id);
    },
  );

  app.get(
    '/api/admin/audit-log',
    {
      schema: {
        tags,
        security,
        summary: 'The latest 100 admin actions, newest first',
        response: { 200: auditLogSchema, ...refusals },
      },
    },
    async () => auditLog(ctx.db),
  );
};
