import {
  cancelOrderReply,
  checkoutBody,
  checkoutReply,
  errorReply,
  order,
  orderIdParams,
  orderList,
  placeOrderBody,
  placeOrderReply,
  userOrdersQuery,
} from '@axle/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInOrKey } from '../../http/access.ts';
import { requireSignedIn } from '../../http/auth.ts';
import { sendPage } from '../../http/paging.ts';
import type { PaymentsContext } from '../payments/payments.service.ts';
import { cancelOrder } from './cancel-order.ts';
import { checkout } from './checkout.ts';
import { expireUnpaidOrders } from './expire-unpaid-orders.ts';
import { listOwnOrders } from './order-lists.service.ts';
import { getOrder, type OrderLimits } from './orders.service.ts';
import { preparePlaceOrder } from './place-order.ts';

const tags = ['orders'];
const refusals = { 400: errorReply, 401: errorReply, 403: errorReply, 404: errorReply };

export type OrdersRoutesOptions = {
  /** The database and the payment provider (cancelling settles the order's card payments). */
  ctx: PaymentsContext;
  /** Who may order (a verified address) and how many unpaid orders they may hold at once. */
  limits: OrderLimits;
  /** The app's clock (a checkout's company approval rules read it). */
  now?: (() => Date) | undefined;
};

/**
 * The queue's recurring `expire-unpaid-orders` task: cancels the unpaid orders past their time,
 * returns their stock, and says what it did in the log.
 */
export function expireUnpaidOrdersTask(
  options: Pick<OrdersRoutesOptions, 'ctx' | 'limits' | 'now'> & { log: FastifyBaseLogger },
) {
  const { ctx, limits, now, log } = options;
  return async () => {
    const { expired, unsettled } = await expireUnpaidOrders({ ...ctx, limits, now });
    if (expired.length > 0)
      log.info({ expired: expired.length }, 'unpaid orders expired: stock returned');
    for (const error of unsettled)
      log.warn({ err: error }, 'could not settle the card payment of an expired order');
  };
}

export const ordersRoutes: FastifyPluginAsyncZod<OrdersRoutesOptions> = async (
  app,
  { ctx, limits, now },
) => {
  const { db } = ctx;

  // Every call here is private: the token is checked before the input.
  app.addHook('onRequest', requireSignedIn);
  const placeOrder = preparePlaceOrder({ db, limits });

  app.post(
    '/api/order',
    {
      config: { idempotent: true },
      schema: {
        tags,
        operationId: 'placeOrder',
        security: signedInOrKey('orders:write'),
        summary:
          'Place an order; the server sets the price, part and customer, and reserves the stock',
        description:
          'Only a customer whose e-mail address is verified orders (403 otherwise); one holding the most unpaid orders allowed gets a 409 until one is paid or cancelled. An order still unpaid after UNPAID_ORDER_TTL_HOURS is cancelled and its stock returned.',
        body: placeOrderBody,
        response: { 201: placeOrderReply, 409: errorReply, ...refusals },
      },
    },
    async (request, reply) => {
      const placed = await placeOrder(await request.currentUser(), request.body);
      return reply.code(201).send({ insertedId: placed._id, order: placed });
    },
  );

  app.post(
    '/api/checkout',
    {
      config: { idempotent: true },
      schema: {
        tags,
        operationId: 'checkOut',
        security: signedInOrKey('orders:write'),
        summary:
          'Check out: your cart becomes one order of many lines, priced by the server (volume prices included), its stock reserved, the cart emptied',
        description:
          'Ships to one of your addresses (`addressId`) or a new one (`address`). All or nothing: a line that cannot be ordered as it is (below its minimum, above the stock) reserves nothing and the reply (409) names it. Pay the order at /payment/{id} as any other. The same rules as POST /api/order apply: a verified address (403), at most UNPAID_ORDERS_PER_CUSTOMER unpaid orders (409).',
        body: checkoutBody,
        response: { 201: checkoutReply, 409: errorReply, ...refusals },
      },
    },
    async (request, reply) => {
      const placed = await checkout(
        { db, limits, invoicing: ctx.invoicing, now },
        await request.currentUser(),
        request.body,
      );
      return reply.code(201).send({ insertedId: placed._id, order: placed });
    },
  );

  app.get(
    '/api/orderid/:id',
    {
      schema: {
        tags,
        operationId: 'getOrder',
        security: signedInOrKey('orders:read'),
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
        operationId: 'listMyOrders',
        security: signedInOrKey('orders:read'),
        summary:
          "A page of the caller's own orders, newest first; X-Total-Count and Link (next page) headers",
        querystring: userOrdersQuery,
        response: { 200: orderList, ...refusals },
      },
    },
    async (request, reply) =>
      sendPage(request, reply, await listOwnOrders(db, await request.currentUser(), request.query)),
  );

  app.delete(
    '/api/order/:id',
    {
      schema: {
        tags,
        operationId: 'cancelOrder',
        security: signedInOrKey('orders:write'),
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
