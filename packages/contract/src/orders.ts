import { z } from 'zod';
import { orderForm } from './rules.ts';

/** An order as SPEC §3 names it; `partsPrice` is the unit price in dollars. */
export const order = z.object({
  _id: z.uuid(),
  partsId: z.uuid(),
  parts: z.string(),
  partsImg: z.string().nullable(),
  partsPrice: z.number(),
  name: z.string(),
  email: z.string(),
  tel: z.string(),
  country: z.string(),
  city: z.string(),
  address: z.string(),
  quantity: z.number().int(),
  /** partsPrice × quantity, computed by the server. */
  totalPrice: z.number(),
  paid: z.boolean(),
  shipped: z.boolean(),
  transaction: z.string().nullable(),
  cancelled: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type Order = z.infer<typeof order>;
export const orderList = z.array(order);

/**
 * SPEC §7's payload plus `partsId`. The server takes the part's name, image and price and the
 * user's name and e-mail itself: `parts`, `partsImg`, `partsPrice`, `name` and `email` in the body
 * are ignored. The quantity must be a whole number (a JSON number, not a string).
 */
/** No part is stocked beyond this (the Add a Product rule), so no order can be larger. */
export const ORDER_QUANTITY_MAX = 1_000_000;

/**
 * The most one order may cost, in cents: $999,999.99, the most a card payment in dollars may be
 * (Stripe's limit), and far inside the 32-bit money columns, so no total can overflow them.
 */
export const ORDER_TOTAL_MAX_CENTS = 99_999_999;
export const orderTotalMessage = 'An order may cost at most $999,999.99: please order fewer';

/** Only a customer whose e-mail address is verified orders (issue 14 #7). */
export const verifyToOrderMessage =
  'Verify your e-mail address before you order: open the link we e-mailed you.';
/** A customer holds stock in at most this many unpaid orders at once (UNPAID_ORDERS_PER_CUSTOMER). */
export const unpaidOrdersMessage = (max: number) =>
  `You have ${max} unpaid ${max === 1 ? 'order' : 'orders'}: pay or cancel one before you place another.`;

export const placeOrderBody = orderForm.extend({
  partsId: z.uuid({ error: 'partsId must be a part id (a UUID)' }),
  // Bounded so that no quantity can overflow the stock column (a 32-bit integer); what may be
  // ordered (from the part's minimum to its stock) is the server's check, with its own words.
  quantity: z
    .number({ error: 'quantity must be a number' })
    .int('quantity must be a whole number')
    .min(-ORDER_QUANTITY_MAX, 'quantity is out of range')
    .max(ORDER_QUANTITY_MAX, 'quantity is out of range'),
});
export type PlaceOrderBody = z.infer<typeof placeOrderBody>;
export const placeOrderReply = z.object({ insertedId: z.uuid(), order });

export const orderIdParams = z.object({ id: z.uuid({ error: 'id must be an order id (a UUID)' }) });
export const cancelOrderReply = z.object({
  deletedCount: z.number().int(),
  order: order.optional(),
});
