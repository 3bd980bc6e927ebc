// Use case: checkout (issue 17 #2). A customer's cart becomes one order of many lines, in one
// transaction: the accounts admit the customer (verified, under the cap on unpaid orders), the
// ship-to address is theirs or new, the catalogue reserves every line's quantity at its volume
// price (all or nothing, never below zero, also across instances), orders records the order and
// its lines, and the cart is emptied. The customer is e-mailed once it is committed, and pays the
// order's total on the payment page. A company buyer's order above their spending limit awaits
// an owner's approval instead (issue 18 #3): its stock is kept, and the owners are e-mailed.
import { randomUUID } from 'node:crypto';
import {
  type CheckoutBody,
  cartMessages,
  checkoutMessages,
  companyMessages,
  type LineVehicle,
  ORDER_TOTAL_MAX_CENTS,
  type Order,
  orderTotalMessage,
  unpaidOrdersMessage,
  verifyToOrderMessage,
} from '@axle/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { namedStatement } from '../../db/statements.ts';
import type { RequestUser } from '../../domain/caller.ts';
import { Conflict, Forbidden, Invalid } from '../../domain/errors.ts';
import { type Admission, admissionOf, refusalOf } from '../accounts/accounts.service.ts';
import { ownAddress } from '../addresses/addresses.service.ts';
import { cartEmptied, storedLinesValue } from '../cart/cart.service.ts';
import { prepareReserveLines, whyNotReservable } from '../catalog/stock.service.ts';
import { membershipValue, type OrderingMembership } from '../companies/companies.service.ts';
import { companyPricing } from '../companies/company-prices.service.ts';
import type { Invoicing } from '../invoices/invoices.service.ts';
import { payOnAccount } from '../payments/payments.service.ts';
import { placedMailsJob, queueInvoiceMail } from './order-mails.service.ts';
import { recordCheckoutOrder } from './order-records.service.ts';
import type { OrderLimits } from './orders.service.ts';

export type CheckoutContext = {
  db: Db;
  limits: OrderLimits;
  invoicing: Invoicing;
  now?: (() => Date) | undefined;
};

/** A member's lines are priced with their company's prices (issue 18 #5); `companyId` is null for others. */
const reserveLines = prepareReserveLines(
  'checkout_reserve_lines',
  companyPricing(sql.placeholder('companyId')),
);

/**
 * Who orders, in one round trip: whether the accounts admit the customer (which locks their row
 * until the checkout ends), their company membership, and their cart's lines.
 */
const whoOrders = namedStatement<{
  admission: Admission;
  membership: OrderingMembership | null;
  lines: { partId: string; quantity: number; vehicle: LineVehicle | null }[];
}>(
  'checkout_who_orders',
  sql`select ${admissionOf(sql.placeholder('userId'))} as admission,
    ${membershipValue(sql.placeholder('userId'))} as membership,
    ${storedLinesValue(sql.placeholder('userId'))} as lines`,
);

export async function checkout(
  ctx: CheckoutContext,
  caller: RequestUser,
  body: CheckoutBody,
): Promise<Order> {
  const order = await ctx.db.transaction(async (tx) => {
    const [who] = await whoOrders(tx, { userId: caller.id });
    const refusal = refusalOf(who?.admission ?? null, ctx.limits.unpaidPerCustomer);
    if (refusal === 'unverified') throw new Forbidden(verifyToOrderMessage);
    if (refusal === 'held') throw new Conflict(unpaidOrdersMessage(ctx.limits.unpaidPerCustomer));
    // A company member orders for the company, from its addresses (issue 18).
    const membership = who?.membership ?? null;
    const book = { userId: caller.id, companyId: membership?.companyId ?? null };
    const onAccount = body.payment === 'account';
    if (onAccount && !membership?.onAccount) throw new Conflict(companyMessages.notOnAccount);
    const address = body.addressId ? await ownAddress(tx, book, body.addressId) : body.address;
    if (!address) throw new Invalid(checkoutMessages.oneAddress);
    const lines = who?.lines ?? [];
    if (lines.length === 0) throw new Invalid(cartMessages.empty);
    const reserved = await reserveLines(tx, lines, { companyId: membership?.companyId ?? null });
    if (reserved.length < lines.length) {
      // Nothing is kept (the transaction rolls back): say which lines cannot be ordered.
      const taken = new Set(reserved.map((line) => line.partId));
      const reasons: string[] = [];
      for (const line of lines.filter((line) => !taken.has(line.partId))) {
        const why = await whyNotReservable(tx, line);
        if (why) reasons.push(checkoutMessages.lineRefused(why.partNumber, why.reason));
      }
      throw new Conflict(`${cartMessages.notOrderable}. ${reasons.join('; ')}`);
    }
    // Each unit at its price and, for an exchange part, its core deposit (issue 32 #4).
    const totalCents = reserved.reduce(
      (sum, line) => sum + (line.unitPriceCents + line.coreChargeCents) * line.quantity,
      0,
    );
    if (totalCents > ORDER_TOTAL_MAX_CENTS) throw new Invalid(orderTotalMessage);
    // The order, its lines (with the fleet vehicle each is for), the cart emptied and the order's
    // mails: one statement.
    const vehicleOf = new Map(lines.map((line) => [line.partId, line.vehicle]));
    const orderId = randomUUID();
    const placed = await recordCheckoutOrder(
      tx,
      caller,
      membership,
      { ...body, address },
      reserved.map((line) => ({ ...line, vehicle: vehicleOf.get(line.partId) ?? null })),
      { orderId, writes: [cartEmptied(tx, caller), placedMailsJob(tx, orderId)] },
    );
    // On account, an order that needs no approval is invoiced at once, within the credit limit.
    if (!onAccount || placed.approval === 'awaiting') return placed;
    const at = ctx.now?.() ?? new Date();
    const paid = await payOnAccount(
      tx,
      ctx.invoicing,
      { ...placed, id: placed._id, totalCents },
      at,
    );
    await queueInvoiceMail(tx, paid);
    return paid;
  });
  return order;
}
