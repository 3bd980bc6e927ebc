import {
  cancelOrderReply,
  errorReply,
  order,
  orderIdParams,
  orderList,
  placeOrderBody,
  placeOrderReply,
  userOrdersQuery,
} from '@axle/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSignedIn } from '../../http/auth.ts';
import type { PaymentsContext } from '../payments/payments.service.ts';
import { cancelOrder } from './cancel-order.ts';
import { getOrder, listOwnOrders } from './orders.service.ts';
import { preparePlaceOrder } from './place-order.ts';

const tags = ['orders'];
const security = [{ bearerAuth: [] }];
const refusals = { 400: errorReply, 401: errorReply, 403: errorReply, 404: errorReply };

export type OrdersRoutesOptions = {
  /** The database and the payment provider (cancelling settles the order's card payments). */
  ctx: PaymentsContext;
};

export const ordersRoutes: FastifyPluginAsyncZod<OrdersRoutesOptions> = async (app, { ctx }) => {
  const { db } = ctx;
  // Every call here is private: the token is checked before the input.
  app.addHook('onRequest', requireSignedIn);
  const placeOrder = preparePlaceOrder(db);

  app.post(
    '/api/order',
    {
      schema: {
        tags,
        security,
        summary:
          'Place an order; the server sets the price, part and customer, and reserves the stock',
        body: placeOrderBody,
        response: { 201: placeOrderReply, ...refusals },
      },
    },
    async (request, reply) => {
      const placed = await placeOrder(await request.currentUser(), request.body);
      return reply.code(201).send({ insertedId: placed._id, order: placed });
    },
  );

  app.get(
    '/api/orderid/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One order, for its owner or an admin',
        params: orderIdParams,
        response: { 200: order, ...refusals },
      },
    },
    async (request) => getOrder(db, await request.currentUser(), request.params.id),
  );

  app.get(
    '/api/userorder',
    {
      schema: {
        tags,
        security,
        summary: "The caller's own orders, newest first",
        querystring: userOrdersQuery,
        response: { 200: orderList, ...refusals },
      },
    },
    async (request) => listOwnOrders(db, await request.currentUser(), request.query.email),
  );

  app.delete(
    '/api/order/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Cancel an unpaid order of yours; its quantity goes back in stock',
        params: orderIdParams,
        response: { 200: cancelOrderReply, 409: errorReply, ...refusals },
      },
    },
    async (request) => {
      const customer = await request.currentUser();
      const cancelled = await cancelOrder(ctx, { customer }, request.params.id);
      return cancelled ? { deletedCount: 1, order: cancelled } : { deletedCount: 0 };
    },
  );
};
