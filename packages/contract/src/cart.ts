import { z } from 'zod';
import { CART_LINES_MAX, QUICK_ORDER_MAX_CHARS } from './buying-texts.ts';
import { part } from './items.ts';
import { PART_QUANTITY_MAX } from './texts.ts';
import { lineVehicle } from './vehicles.ts';

// The cart (issue 17 #1): kept on the server per account, so it follows the customer across
// devices. Any positive quantity of a part may be in it; the cart says which lines cannot be
// ordered as they are (below the minimum, above the stock), and checkout refuses them.

export const cartProblemCode = z.enum(['below_minimum', 'above_stock', 'out_of_stock']);
export type CartProblemCode = z.infer<typeof cartProblemCode>;

export const cartLine = z.object({
  /** The part as the catalogue shows it now (today's price, tiers, stock and minimum). */
  part,
  quantity: z.number().int(),
  /** Dollars per unit as the server prices the line today: the part's tier for this quantity. */
  unitPrice: z.number(),
  lineTotal: z.number(),
  /** Why the line cannot be ordered as it is; empty when it can. */
  problems: z.array(z.object({ code: cartProblemCode, message: z.string() })),
  /** The company's fleet vehicle the part is for (issue 32 #5); left out when none. */
  vehicle: lineVehicle.optional(),
  /** The units above the stock, for a part that accepts backorders (issue 32 #3); left out when none. */
  backorder: z.object({ quantity: z.number().int(), expected: z.iso.date() }).optional(),
  /**
   * The part's core charge (issue 32 #4): `charge` a unit, `deposit` for the line's quantity, in
   * dollars, on top of `lineTotal`; left out for a part without one.
   */
  core: z.object({ charge: z.number(), deposit: z.number() }).optional(),
});
export type CartLine = z.infer<typeof cartLine>;

/** Every cart call answers the cart whole: its lines in the order they were added. */
export const cartReply = z.object({
  lines: z.array(cartLine),
  /** Dollars: the sum of the lines and their core deposits, as the server prices them. */
  total: z.number(),
  /** Dollars: the core deposits among the total (issue 32 #4). */
  deposits: z.number(),
  /** Every line can be ordered as it is (and there is one). */
  orderable: z.boolean(),
});
export type CartReply = z.infer<typeof cartReply>;

/**
 * `PUT /api/cart/lines/{partId}` and `POST /api/cart/lines` answer the line they changed and the
 * cart's totals, not the whole cart re-priced (issue 31 #3): a client keeping the cart replaces
 * that line (or adds it at the end, a part new to the cart) and the totals.
 */
export const cartLineChange = z.object({
  line: cartLine,
  /** Dollars: the sum of every line of the cart and its core deposits, as the server prices them. */
  total: z.number(),
  /** Dollars: the core deposits among the total (issue 32 #4). */
  deposits: z.number(),
  /** Every line of the cart can be ordered as it is. */
  orderable: z.boolean(),
  /** How many different parts the cart holds now. */
  count: z.number().int(),
});
export type CartLineChange = z.infer<typeof cartLineChange>;

export const cartLineParams = z.object({
  partId: z.uuid({ error: 'partId must be a part id (a UUID)' }),
});

const quantityMessage = `quantity must be a whole number from 1 to ${PART_QUANTITY_MAX}`;
const cartQuantity = z
  .number({ error: quantityMessage })
  .int(quantityMessage)
  .min(1, quantityMessage)
  .max(PART_QUANTITY_MAX, quantityMessage);

/** `PUT /api/cart/lines/{partId}`: the line's quantity (the part is added if it is not there). */
export const cartLineBody = z.strictObject({
  quantity: cartQuantity,
  /**
   * The company's fleet vehicle the part is for (issue 32 #5): null takes the line off any;
   * left out, the line keeps the vehicle it has.
   */
  vehicleId: z
    .uuid({ error: 'vehicleId must be a fleet vehicle id (a UUID)' })
    .nullable()
    .optional(),
});
export type CartLineBody = z.infer<typeof cartLineBody>;

/** `POST /api/cart/lines`: a quantity of a part added to what the cart holds of it ("Add to cart"). */
export const cartAddBody = z.strictObject({
  partId: z.uuid({ error: 'partId must be a part id (a UUID)' }),
  quantity: cartQuantity,
});
export type CartAddBody = z.infer<typeof cartAddBody>;

/**
 * `POST /api/cart/merge`: a visitor's cart, kept in the browser, joins the account's at sign-in
 * (a part in both keeps the larger quantity).
 */
export const cartMergeBody = z.strictObject({
  lines: z
    .array(z.strictObject({ partId: z.uuid(), quantity: cartQuantity }))
    .max(CART_LINES_MAX, `A cart holds at most ${CART_LINES_MAX} different parts`),
});
export type CartMergeBody = z.infer<typeof cartMergeBody>;

/** `POST /api/cart/quick`: lines of `part number, quantity`, as typed or pasted. */
export const quickOrderBody = z.strictObject({
  text: z
    .string()
    .max(QUICK_ORDER_MAX_CHARS, `text is at most ${QUICK_ORDER_MAX_CHARS} characters`),
});
export type QuickOrderBody = z.infer<typeof quickOrderBody>;

export const quickOrderReply = z.object({
  /** What went into the cart, by the line of the text it came from (the first line is 1). */
  added: z.array(
    z.object({
      line: z.number().int(),
      partId: z.uuid(),
      partNumber: z.string(),
      name: z.string(),
      quantity: z.number().int(),
      /** Set when a line named a part an earlier line had named too. */
      note: z.string().optional(),
    }),
  ),
  refused: z.array(z.object({ line: z.number().int(), text: z.string(), reason: z.string() })),
  cart: cartReply,
});
export type QuickOrderReply = z.infer<typeof quickOrderReply>;

/** `POST /api/orders/{id}/reorder`: the lines now in the cart, and what changed since. */
export const reorderReply = z.object({
  changes: z.array(z.object({ partNumber: z.string(), name: z.string(), message: z.string() })),
  cart: cartReply,
});
export type ReorderReply = z.infer<typeof reorderReply>;
