import { z } from 'zod';
import { approvalStates } from './company-texts.ts';
import { coreMessages } from './core-texts.ts';
import { orderForm } from './rules.ts';
import { PART_QUANTITY_MAX } from './texts.ts';
import { lineVehicle } from './vehicles.ts';
import { lineSource } from './warehouses.ts';

/** A credit note (issue 32 #4): the core deposits of old parts returned on a line of the order. */
export const creditNote = z.object({
  /** CN-000001: numbered without gaps. */
  number: z.string(),
  partId: z.uuid(),
  partNumber: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  /** Dollars given back: refunded to the card, or credited to the company's account. */
  amount: z.number(),
  /** 'card': refunded through the payment provider; 'account': credited to the company's account. */
  refundedTo: z.enum(['card', 'account']),
  /** When the provider made the card refund (the queue makes it just after); null until then. */
  refundedAt: z.iso.datetime({ offset: true }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type CreditNote = z.infer<typeof creditNote>;

/** `POST /api/admin/orders/{id}/core-returns`: old parts received for a line of a paid order. */
export const coreReturnBody = z.strictObject({
  partId: z.uuid({ error: 'partId must be a part id (a UUID)' }),
  quantity: z
    .number({ error: coreMessages.quantity })
    .int(coreMessages.quantity)
    .min(1, coreMessages.quantity)
    .max(PART_QUANTITY_MAX, coreMessages.quantity),
});
export type CoreReturnBody = z.infer<typeof coreReturnBody>;

/** `GET /api/orders/{id}/credit-notes/{number}.pdf`: the credit note's number, CN-000001. */
export const creditNoteParams = z.object({
  id: z.uuid({ error: 'id must be an order id (a UUID)' }),
  number: z.string().regex(/^CN-\d{6,}$/, 'number must be a credit note number such as CN-000001'),
});

/** A line of an order: the part as it was ordered, at the unit price charged. */
export const orderLine = z.object({
  partId: z.uuid(),
  partNumber: z.string(),
  name: z.string(),
  img: z.string().nullable(),
  quantity: z.number().int(),
  /** Dollars per unit, as charged: the part's volume price when the quantity reached one. */
  unitPrice: z.number(),
  /** The part's own price when the order was placed (above `unitPrice` when a tier applied). */
  listPrice: z.number(),
  /** unitPrice × quantity. */
  total: z.number(),
  /** The company's fleet vehicle it was ordered for (issue 32 #5); left out when none. */
  vehicle: lineVehicle.optional(),
  /** The warehouses its units ship from (issue 32 #2); left out for lines placed before warehouses. */
  shipsFrom: z.array(lineSource).optional(),
  /**
   * The units still waiting for the part's restock (issue 32 #3), and when the part's warehouses
   * expect more (null: not known any more); left out when none wait.
   */
  backorder: z.object({ quantity: z.number().int(), expected: z.iso.date().nullable() }).optional(),
  /**
   * Its core charge (issue 32 #4): `charge` a unit and `deposit` for the line, in dollars, on top
   * of `total`; how many old parts came back, how many are still owed, and by when (once the order
   * is paid: `returnDays` after). Left out for a line without one.
   */
  core: z
    .object({
      charge: z.number(),
      deposit: z.number(),
      returned: z.number().int(),
      owed: z.number().int(),
      returnDays: z.number().int(),
      dueBy: z.iso.date().nullable(),
    })
    .optional(),
});
export type OrderLine = z.infer<typeof orderLine>;

/**
 * How many of an order's lines a list of orders carries (a page of 100 orders stays small); the
 * order itself (`GET /api/orderid/{id}`) carries them all, and `lineCount` says how many there are.
 */
export const ORDER_LINES_IN_LISTS = 5;

/**
 * An order as SPEC §3 names it: `parts`, `partsImg`, `partsPrice` (its unit price in dollars) and
 * `quantity` describe its first line (PRODUCT §7), `lines` holds them all and `totalPrice` (as
 * `total`) is what the whole order costs.
 */
export const order = z.object({
  _id: z.uuid(),
  /** The order's short number (10001, …): what people read out on the phone, in mails and invoices. */
  number: z.number().int(),
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
  postalCode: z.string().nullable(),
  quantity: z.number().int(),
  /** What the order costs in dollars: the sum of its lines, computed by the server. */
  totalPrice: z.number(),
  total: z.number(),
  lines: z.array(orderLine),
  lineCount: z.number().int(),
  /** Dollars: the core deposits among the total, and what credit notes gave back (issue 32 #4). */
  deposits: z.number(),
  credited: z.number(),
  /** The order's credit notes (issue 32 #4), oldest first; a PDF each for its owner and the admins. */
  creditNotes: z.array(creditNote),
  /** The buyer's purchase-order number and note, as given at checkout. */
  poNumber: z.string().nullable(),
  note: z.string().nullable(),
  /** Once the order is paid: its invoice's number (INV-000001). */
  invoiceNumber: z.string().nullable(),
  /** The carrier's tracking number, when the admin gave one as the order shipped. */
  trackingNumber: z.string().nullable(),
  /** The company the order was placed for (issue 18), null for a customer on their own. */
  companyId: z.uuid().nullable(),
  /**
   * A buyer's order above their spending limit waits for an owner: `awaiting` (stock kept, not
   * payable yet), then `approved` or `rejected` (cancelled, stock returned), with the owner's note.
   */
  approval: z.enum(approvalStates).nullable(),
  approvalNote: z.string().nullable(),
  /**
   * Paid on the company's account (issue 18 #4): invoiced without a card, due at `dueAt`, settled
   * when the shop records the payment (`settledAt`).
   */
  onAccount: z.boolean(),
  dueAt: z.iso.datetime({ offset: true }).nullable(),
  settledAt: z.iso.datetime({ offset: true }).nullable(),
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
  partsId: z.uuid({ error: 'Choose a part from the catalogue' }),
  // Bounded so that no quantity can overflow the stock column (a 32-bit integer); what may be
  // ordered (from the part's minimum to its stock) is the server's check, with its own words.
  quantity: z
    .number({ error: 'Enter the quantity as a whole number' })
    .int('Enter the quantity as a whole number')
    .min(-ORDER_QUANTITY_MAX, 'Enter a quantity above zero')
    .max(ORDER_QUANTITY_MAX, `Order at most ${ORDER_QUANTITY_MAX.toLocaleString('en-US')} at once`),
});
export type PlaceOrderBody = z.infer<typeof placeOrderBody>;
export const placeOrderReply = z.object({ insertedId: z.uuid(), order });

export const orderIdParams = z.object({ id: z.uuid({ error: 'id must be an order id (a UUID)' }) });
export const cancelOrderReply = z.object({
  deletedCount: z.number().int(),
  order: order.optional(),
});

/** `PUT /api/manageorders/{id}`: shipping, optionally with the carrier's tracking number. */
export const TRACKING_NUMBER_MAX = 60;
const trackingNumber = z
  .string()
  .trim()
  .max(TRACKING_NUMBER_MAX, `trackingNumber is at most ${TRACKING_NUMBER_MAX} characters`)
  .regex(/^[A-Za-z0-9 -]*$/, 'trackingNumber is letters, digits, spaces and dashes');

export const shipOrderBody = z
  .strictObject({ trackingNumber: trackingNumber.optional() })
  .nullish();
export type ShipOrderBody = z.infer<typeof shipOrderBody>;

/** The most orders `POST /api/admin/orders/ship` ships in one call. */
export const BULK_SHIP_MAX = 100;

/** `POST /api/admin/orders/ship` (issue 33 #2): many paid orders shipped at once. */
export const bulkShipBody = z.strictObject({
  orders: z
    .array(
      z.strictObject({
        id: z.uuid({ error: 'id must be an order id (a UUID)' }),
        trackingNumber: trackingNumber.optional(),
      }),
    )
    .min(1, 'Name at least one order to ship')
    .max(BULK_SHIP_MAX, `At most ${BULK_SHIP_MAX} orders are shipped at once`)
    .refine(
      (orders) => new Set(orders.map((entry) => entry.id)).size === orders.length,
      'Each order is named once',
    ),
});
export type BulkShipBody = z.infer<typeof bulkShipBody>;

/** What a bulk ship did: the orders shipped, and why each other one was not. */
export const bulkShipReply = z.object({
  shipped: z.array(order),
  refused: z.array(
    z.object({ id: z.uuid(), number: z.number().int().nullable(), reason: z.string() }),
  ),
});
export type BulkShipReply = z.infer<typeof bulkShipReply>;

/**
 * `GET /api/admin/orders/picking-list.pdf` (issue 33 #2): the orders to pick, by id,
 * comma-separated; left out, the oldest paid orders waiting to ship (at most BULK_SHIP_MAX).
 */
export const pickingListQuery = z.strictObject({
  ids: z
    .string()
    .transform((ids) => ids.split(','))
    .pipe(
      z
        .array(z.uuid({ error: 'ids must be order ids (UUIDs), comma-separated' }))
        .max(BULK_SHIP_MAX, `A picking list names at most ${BULK_SHIP_MAX} orders`)
        .refine((ids) => new Set(ids).size === ids.length, 'Each order is named once'),
    )
    .optional(),
});
export type PickingListQuery = z.infer<typeof pickingListQuery>;
