import {
  CART_LINES_MAX,
  cartAddBody,
  cartLineBody,
  cartLineChange,
  cartLineParams,
  cartMergeBody,
  cartReply,
  errorReply,
  orderIdParams,
  QUICK_ORDER_MAX_LINES,
  quickOrderBody,
  quickOrderReply,
  reorderReply,
} from '@axle/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { signedIn, signedInOrKey } from '../../http/access.ts';
import { requireSignedIn } from '../../http/auth.ts';
import { clearCart, mergeCart, putCartLine, readCart, removeCartLine } from './cart.service.ts';
import { quickOrder } from './quick-order.ts';
import { reorder } from './reorder.ts';

const tags = ['cart'];
const refusals = { 400: errorReply, 401: errorReply };
const full = `A cart holds at most ${CART_LINES_MAX} different parts (409 for one more).`;

/**
 * The cart (issue 17 #1): a signed-in customer's own, kept on the server. Each call answers the
 * cart whole, priced by the server, each line with what keeps it from being ordered as it is;
 * putting a part in answers that line and the cart's totals (issue 31 #3).
 */
export const cartRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  // Every call here is private: the token is checked before the input.
  app.addHook('onRequest', requireSignedIn);

  app.get(
    '/api/cart',
    {
      schema: {
        tags,
        operationId: 'getCart',
        security: signedInOrKey('orders:read'),
        summary: 'Your cart: its lines in the order they were added, priced now',
        response: { 200: cartReply, 401: errorReply },
      },
    },
    async (request) => readCart(db, await request.currentUser()),
  );

  app.put(
    '/api/cart/lines/:partId',
    {
      schema: {
        tags,
        operationId: 'setCartLine',
        security: signedInOrKey('orders:write'),
        summary: 'Set how many of a part your cart holds (the part is added if it is not there)',
        description: `Any quantity from 1 is kept; a line below the part's minimum or above its stock says so in \`problems\`, and checkout refuses it. Answers the line and the cart's totals (\`GET /api/cart\` reads the whole cart). A part that does not exist is a 404. ${full}`,
        params: cartLineParams,
        body: cartLineBody,
        response: { 200: cartLineChange, 404: errorReply, 409: errorReply, ...refusals },
      },
    },
    async (request) =>
      putCartLine(
        db,
        await request.currentUser(),
        { partId: request.params.partId, ...request.body },
        'set',
      ),
  );

  app.delete(
    '/api/cart/lines/:partId',
    {
      schema: {
        tags,
        operationId: 'removeCartLine',
        security: signedInOrKey('orders:write'),
        summary: 'Take a part out of your cart (nothing happens if it is not there)',
        params: cartLineParams,
        response: { 200: cartReply, ...refusals },
      },
    },
    async (request) => removeCartLine(db, await request.currentUser(), request.params.partId),
  );

  app.delete(
    '/api/cart',
    {
      schema: {
        tags,
        operationId: 'emptyCart',
        security: signedInOrKey('orders:write'),
        summary: 'Empty your cart',
        response: { 200: cartReply, 401: errorReply },
      },
    },
    async (request) => {
      const caller = await request.currentUser();
      await clearCart(db, caller);
      return readCart(db, caller);
    },
  );

  app.post(
    '/api/cart/lines',
    {
      schema: {
        tags,
        operationId: 'addCartLine',
        security: signedInOrKey('orders:write'),
        summary: 'Add a quantity of a part to your cart (to what it holds of it already)',
        description: `Answers the line and the cart's totals (\`GET /api/cart\` reads the whole cart). A part that does not exist is a 404. ${full}`,
        body: cartAddBody,
        response: { 200: cartLineChange, 404: errorReply, 409: errorReply, ...refusals },
      },
    },
    async (request) => putCartLine(db, await request.currentUser(), request.body, 'add'),
  );

  app.post(
    '/api/cart/merge',
    {
      schema: {
        tags,
        operationId: 'mergeCart',
        security: signedIn,
        summary:
          "Add a visitor's cart (kept in the browser) to yours at sign-in: a part in both keeps the larger quantity",
        description: full,
        body: cartMergeBody,
        response: { 200: cartReply, 409: errorReply, ...refusals },
      },
    },
    async (request) => mergeCart(db, await request.currentUser(), request.body.lines),
  );

  app.post(
    '/api/cart/quick',
    {
      schema: {
        tags,
        operationId: 'quickOrder',
        security: signedInOrKey('orders:write'),
        summary: 'Quick order: lines of `part number, quantity` go into your cart',
        description: `One line per part: its number in any spelling, then the quantity, separated by a comma, a semicolon, a tab or a space (as pasted from a spreadsheet or read from a CSV file; a header row "partNumber,quantity" is skipped). The same part on several lines is added up. A line is refused, with its reason, when the number is unknown, the quantity is not a whole number, below the part's minimum or above its stock. At most ${QUICK_ORDER_MAX_LINES} lines. ${full}`,
        body: quickOrderBody,
        response: { 200: quickOrderReply, 409: errorReply, ...refusals },
      },
    },
    async (request) => quickOrder(db, await request.currentUser(), request.body.text),
  );

  app.post(
    '/api/orders/:id/reorder',
    {
      schema: {
        tags,
        operationId: 'reorder',
        security: signedInOrKey('orders:write'),
        summary:
          "Put one of your orders' lines in your cart again, at today's prices, with what changed since",
        params: orderIdParams,
        response: {
          200: reorderReply,
          403: errorReply,
          404: errorReply,
          409: errorReply,
          ...refusals,
        },
      },
    },
    async (request) => reorder(db, await request.currentUser(), request.params.id),
  );
};
